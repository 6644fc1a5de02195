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
          await (await smtp.get()).sendMail({
            ...message,
            messageId: messageIdHeader(message.from, stored.messageId),
            signal: deadline.signal,
          });
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
      const info = await (await builder.get()).sendMail({
        ...message,
        messageId: messageIdHeader(message.from, stored.messageId),
      });
      // Off the server's thread: on a busy booking site, two files a booking written at once took
      // a tenth of its time (issue 29, docs/performance.md).
      await fs.promises.mkdir(folder, { recursive: true });
      // Named by the row, never by the address (a valid one is up to 255 characters, a file name's
      // whole limit): a message written again after a crash replaces its own file, and a database
      // restored to older ids never overwrites another message's.
      const file = path.join(folder, `${String(stored.id).padStart(6, "0")}-${stored.messageId}.eml`);
      // Written whole or not at all: a crash mid-write never leaves half a message behind.
      await fs.promises.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.promises.rename(`${file}.tmp`, file);
    },
    close: builder.close,
  };
}
