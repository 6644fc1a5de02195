import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config";

export type OutgoingMail = { from: string; to: string; subject: string; html: string; text: string };

/** Where mail goes: an SMTP server, or `.eml` files the operator can open when none is set. */
export type MailTransport = { send(message: OutgoingMail, id: number): Promise<void>; close(): void };

/** SMTP through nodemailer when SMTP_URL is set; otherwise one `.eml` file per message in DATA_DIR/outbox. */
export function createMailTransport(config: Pick<Config, "smtpUrl" | "dataDir">): MailTransport {
  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await smtp.sendMail(message);
      },
      close: () => smtp.close(),
    };
  }
  const folder = path.join(config.dataDir, "outbox");
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message, id) {
      const info = await builder.sendMail(message);
      fs.mkdirSync(folder, { recursive: true });
      const file = path.join(folder, `${String(id).padStart(6, "0")}-${message.to.replace(/[^\w.@-]/g, "_")}.eml`);
      // Written whole or not at all: a crash mid-write never leaves half a message behind.
      fs.writeFileSync(`${file}.tmp`, info.message as Buffer);
      fs.renameSync(`${file}.tmp`, file);
    },
    close: () => builder.close(),
  };
}
