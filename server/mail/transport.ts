import fs from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Config } from "../config";

/** `from` is MAIL_FROM as configured, or its address under another display name; `replyTo` optional. */
export type OutgoingMail = {
  from: string | { name: string; address: string };
  replyTo?: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Files read from the documents store when the message is sent (an agreement, an invoice). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

/** The address of a sender as MAIL_FROM writes it: "Nelly <no-reply@example.com>" -> "no-reply@example.com". */
export function senderAddress(from: string): string {
  return /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/** The outbox row a message comes from: its id, and the Message-ID fixed when it was queued. */
export type StoredMail = { id: number; messageId: string };

/** Where mail goes: an SMTP server, or `.eml` files the operator can open when none is set. */
export type MailTransport = { send(message: OutgoingMail, stored: StoredMail): Promise<void>; close(): void };

/**
 * How long one SMTP send may take, whatever the server does. The worker's claim on a message
 * (MAIL_CLAIM_MS in worker.ts, 60 s) must outlast it, or another instance would send the message
 * again while this one is still at it. A healthy relay takes well under a second.
 */
export const MAIL_SEND_MS = 30_000;

/**
 * nodemailer's defaults (2 min to connect, 10 min of silence) would each outlive the claim. 10 s to
 * connect and be greeted (the DNS lookup included) and 15 s of silence at any later step end a dead
 * server's send early, with an error that says which step; MAIL_SEND_MS bounds a server that keeps
 * answering too slowly for the silence to count.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

/**
 * The `Message-ID` header of an outbox row. The id is the row's, so a message sent twice (after a
 * crash, or by two instances) is one message to every mail client; the domain is the sender's, the
 * same on every instance (nodemailer's own fallback, the host name, is not), or `localhost` when
 * MAIL_FROM carries no address.
 */
export function messageIdHeader(from: OutgoingMail["from"], messageId: string) {
  const address = typeof from === "string" ? senderAddress(from) : from.address;
  const domain = /@([^\s@<>]+)$/.exec(address)?.[1] ?? "localhost";
  return `<${messageId}@${domain}>`;
}

/**
 * What nodemailer is given for a stored message, by either transport. Its text parts are written
 * quoted-printable, as nodemailer itself chooses for mostly Latin text (Nelly's mail is in Spanish
 * or English), but without counting every character of each part twice to choose (issue 29,
 * docs/performance.md: with the folder below made only when missing, a tenth less of the server's
 * CPU a message while a backlog goes out); such a message is byte for byte the same. A part
 * mostly in another script (a long comment in Japanese, say) is now quoted-printable too, rather
 * than base64: larger, and read the same by every mail client.
 */
const nodemailerMessage = (message: OutgoingMail, stored: StoredMail) => ({
  ...message,
  messageId: messageIdHeader(message.from, stored.messageId),
  textEncoding: "quoted-printable" as const,
});

/**
 * A nodemailer transport made on the first message, not at start-up: nodemailer is one of the
 * largest packages the server has, and a start answers long before any mail is due
 * (docs/performance.md). `close` closes it if it was made.
 */
function lazyTransporter(options: Parameters<typeof import("nodemailer").createTransport>[0]) {
  let made: Promise<Transporter> | null = null;
  return {
    get: () => {
      made ??= import("nodemailer").then((nodemailer) => nodemailer.default.createTransport(options));
      return made;
    },
    close: () => {
      made?.then((transporter) => transporter.close()).catch(() => {});
    },
  };
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise one `.eml` file per message in DATA_DIR/outbox. */
export function createMailTransport(config: Pick<Config, "smtpUrl" | "dataDir">): MailTransport {
  if (config.smtpUrl) {
    const smtp = lazyTransporter({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(message, stored) {
        // A timer rather than AbortSignal.timeout(), which the tests' fake timers cannot move.
        const deadline = new AbortController();
        const timer = setTimeout(
          () => deadline.abort(new Error(`the mail server took more than ${MAIL_SEND_MS / 1000} s`)),
          MAIL_SEND_MS,
        );
        try {
          await (await smtp.get()).sendMail({ ...nodemailerMessage(message, stored), signal: deadline.signal });
        } finally {
          clearTimeout(timer);
        }
      },
      close: smtp.close,
    };
  }
  const folder = path.join(config.dataDir, "outbox");
  const builder = lazyTransporter({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message, stored) {
      const info = await (await builder.get()).sendMail(nodemailerMessage(message, stored));
      // Named by the row, never by the address (a valid one is up to 255 characters, a file name's
      // whole limit): a message written again after a crash replaces its own file, and a database
      // restored to older ids never overwrites another message's.
      const file = path.join(folder, `${String(stored.id).padStart(6, "0")}-${stored.messageId}.eml`);
      // Off the server's thread: on a busy booking site, two files a booking written at once took
      // a tenth of its time (issue 29, docs/performance.md). Written whole or not at all: a crash
      // mid-write never leaves half a message behind.
      const write = () => fs.promises.writeFile(`${file}.tmp`, info.message as Buffer);
      await write().catch(async (error: NodeJS.ErrnoException) => {
        // The folder is made when a message finds it missing (the first, or after an operator
        // removed it), not before every message: that was 3 % of the server's thread while a
        // backlog of mail went out.
        if (error.code !== "ENOENT") throw error;
        await fs.promises.mkdir(folder, { recursive: true });
        await write();
      });
      await fs.promises.rename(`${file}.tmp`, file);
    },
    close: builder.close,
  };
}
