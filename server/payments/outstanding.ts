import { sql } from "drizzle-orm";
import { payments, reservations } from "../db/schema";
import type { AppDeps } from "../deps";

/**
 * Whether a landing still has money that needs its provider's keys (issue 27): a booking waiting
 * for its card, a deposit still to be held before pickup, a deposit held on a card (or its capture
 * or release not answered yet), or a refund not made yet and still tried. Disconnecting the
 * account then would strand that money: the refund never retried, the hold never released or
 * charged. A refund the provider refused for good is the owner's to settle from its dashboard.
 */
export async function hasMoneyOutstanding(deps: AppDeps, landingId: number): Promise<boolean> {
  const now = deps.clock.now();
  const byCard = sql`(${reservations.paymentPlan}->>'channel' = 'card' and (${reservations.paymentPlan}->>'prepayCents')::int > 0
                      or ${reservations.paymentPlan}->>'depositHold' <> 'none')`;
  const result = (await deps.db.execute(sql`
    select exists (
      select 1 from ${reservations}
       where ${reservations.landingId} = ${landingId}
         and (${reservations.status} = 'awaiting_payment' and ${byCard}
              or ${reservations.status} in ('pending', 'confirmed') and ${reservations.pickupAt} > ${now}
                 and ${reservations.paymentPlan}->>'depositHold' <> 'none'
                 and not exists (select 1 from ${payments} p where p.reservation_id = ${reservations.id} and p.kind = 'hold'))
    ) or exists (
      select 1 from ${payments} p
       where p.landing_id = ${landingId}
         and (p.kind = 'refund' and (p.status = 'pending' or p.status = 'failed' and p.next_attempt_at is not null)
              or p.kind = 'hold' and p.status = 'succeeded' and (p.expires_at is null or p.expires_at > ${now})
                 and not exists (select 1 from ${payments} e where e.reservation_id = p.reservation_id
                                    and e.kind in ('release', 'capture') and e.status = 'succeeded'))
    ) as outstanding`)) as unknown as { rows: { outstanding: boolean }[] };
  // Stryker disable next-line OptionalChaining: `select exists (...)` always answers one row.
  return Boolean(result.rows[0]?.outstanding);
}
