import type { Database } from "../db/client";
import { outbox } from "../db/schema";
import { type BookingMail, type MailKind, renderMail } from "./templates";

/**
 * Queues an email in the caller's transaction: it is sent only if the change it reports commits,
 * and it is never lost if the mail server is down (the worker retries).
 */
export async function queueMail(tx: Database, now: Date, kind: MailKind, recipient: string, mail: BookingMail) {
  const rendered = renderMail(kind, mail);
  await tx
    .insert(outbox)
    .values({ kind, recipient, reservationId: mail.reservation.id, ...rendered, nextAttemptAt: now, createdAt: now });
}
