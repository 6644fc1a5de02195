import type { Database } from "../db/client";
import { outbox } from "../db/schema";
import { type BookingMail, type MailKind, renderMail } from "./templates";

export type QueuedMail = { kind: MailKind; recipient: string; mail: BookingMail };

/**
 * Queues emails in the caller's transaction, in one INSERT: they are sent only if the change they
 * report commits, and never lost if the mail server is down (the worker retries).
 */
export async function queueMails(tx: Database, now: Date, mails: QueuedMail[]) {
  if (mails.length === 0) return;
  await tx.insert(outbox).values(
    mails.map(({ kind, recipient, mail }) => ({
      kind,
      recipient,
      reservationId: mail.reservation.id,
      ...renderMail(kind, mail),
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
}

/** Queues one email in the caller's transaction (see queueMails). */
export async function queueMail(tx: Database, now: Date, kind: MailKind, recipient: string, mail: BookingMail) {
  await queueMails(tx, now, [{ kind, recipient, mail }]);
}
