import type { Database } from "../db/database";
import { insertRows, type Notification, notify } from "../db/prepared";
import { type MailAttachment, outbox } from "../db/schema";
import { type BookingMail, type MailKind, type RenderedMail, renderMail } from "./templates";

/**
 * One email to queue. `fromName` is the name the recipient sees it from (the landing's, for its
 * customers) and `replyTo` where their answer goes; both optional.
 */
export type QueuedMail = {
  kind: MailKind;
  recipient: string;
  mail: BookingMail;
  fromName?: string;
  replyTo?: string;
  /** Files from the documents store sent with it (the signed agreement, the invoice). */
  attachments?: MailAttachment[];
};

/**
 * Queues emails in the caller's transaction, in one INSERT: they are sent only if the change they
 * report commits, and never lost if the mail server is down (the worker retries). `announce`, when
 * given, goes out with them in the same statement (a booking's live event).
 */
export async function queueMails(tx: Database, now: Date, mails: QueuedMail[], announce?: Notification) {
  if (mails.length === 0) {
    if (announce) await notify(tx, announce);
    return;
  }
  await insertRows(
    tx,
    outbox,
    mails.map(({ kind, recipient, mail, fromName, replyTo, attachments }) => ({
      kind,
      attachments: attachments ?? null,
      recipient,
      fromName: fromName ?? null,
      // An empty email (a phone booking) is no one to reply to.
      replyTo: replyTo || null,
      reservationId: mail.reservation.id,
      ...renderMail(kind, mail),
      nextAttemptAt: now,
      createdAt: now,
    })),
    { notify: announce },
  );
}

/**
 * An email about the account itself: a password-reset link, or the notice that its sign-in email
 * (to the previous address) or its password changed.
 */
export type AccountMailKind = "account.password-reset" | "account.email-changed" | "account.password-changed";

/**
 * Queues an email about the account itself: no landing, no booking, sent from MAIL_FROM's own
 * name, in the caller's transaction like the others.
 */
export async function queueAccountMail(
  tx: Database,
  now: Date,
  mail: { kind: AccountMailKind; recipient: string; rendered: RenderedMail },
) {
  await tx.insert(outbox).values({
    kind: mail.kind,
    recipient: mail.recipient,
    ...mail.rendered,
    nextAttemptAt: now,
    createdAt: now,
  });
}
