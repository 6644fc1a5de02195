import { and, eq, gt, isNull, lte, ne } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { landings, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { runPeriodically } from "../http/periodic";
import { queueMails } from "../mail";
import { customerMail, EXPRESS_REMINDER_MS, issueLinkToken, loadReservation, ownerContactOf } from "../reservations";

const BATCH = 50;

/**
 * Emails each confirmed booking's customer, once, 48 hours before pickup, the link to do their
 * express pickup, unless they already did it, or the owner booked them at the desk without emailing
 * them (the desk's "Enviar al cliente el correo" is the owner's say on whether Nelly writes to that
 * customer), or their confirmation came inside the 48 hours with the same link (`expressRemindedWith`). Claimed by setting `express_reminded_at` in the transaction that queues the email, so
 * two instances never send it twice.
 */
export async function sendExpressReminders(deps: AppDeps): Promise<{ reminded: number }> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ reservation: reservations, landing: landings })
    .from(reservations)
    .innerJoin(landings, eq(landings.id, reservations.landingId))
    .where(
      and(
        eq(reservations.status, "confirmed"),
        // Not a desk booking whose owner did not email the customer ("Enviar al cliente el correo" unticked).
        eq(reservations.expressReminder, true),
        isNull(reservations.expressRemindedAt),
        isNull(reservations.expressCompletedAt),
        ne(reservations.email, ""),
        gt(reservations.pickupAt, now),
        lte(reservations.pickupAt, new Date(now.getTime() + EXPRESS_REMINDER_MS)),
      ),
    )
    .limit(BATCH);
  let reminded = 0;
  for (const { reservation, landing } of due) {
    const sent = await deps.db.transaction(async (tx) => {
      const claimed = await tx
        .update(reservations)
        .set({ expressRemindedAt: now })
        .where(and(eq(reservations.id, reservation.id), isNull(reservations.expressRemindedAt)))
        .returning({ id: reservations.id });
      if (claimed.length === 0) return false;
      const found = await loadReservation(tx, reservation.id);
      if (!found) return false;
      const token = await issueLinkToken(tx, reservation.id);
      await queueMails(
        tx,
        now,
        customerMail(deps, landing, found, "reservation.express", (await ownerContactOf(tx, landing))?.email, token),
      );
      return true;
    });
    if (sent) reminded++;
  }
  return { reminded };
}

/** Sends the reminders every five minutes while the server is up. */
export function startExpressReminders(app: FastifyInstance) {
  runPeriodically(app, {
    name: "express pickup reminders",
    everyMs: 5 * 60_000,
    round: async () => {
      const counts = await sendExpressReminders(app.deps);
      if (counts.reminded > 0) app.mailWorker.nudge();
      return counts;
    },
  });
}
