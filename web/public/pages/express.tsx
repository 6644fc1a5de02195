import type { ExpressView } from "@domain/express";
import type { ReservationStatus } from "@domain/reservations";
import { formatMoney } from "@web/lib/format";
import * as lucide from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ExpressAgreement } from "../components/express-agreement";
import { ExpressDrivers } from "../components/express-drivers";
import { keptIcon } from "../components/icons";
import { Layout } from "../components/layout";
import { BookingNotFound } from "../components/missing-choice";
import { PaymentBox } from "../components/payment-box";
import { usePage } from "../context";
import { type ExpressWords, expressWords } from "../i18n/express";
import { reservationWords } from "../i18n/reservation";
import { buttonSecondary, card } from "../lib/ui";
import { hrefTo, withChanges } from "../lib/url";

const CircleCheck = keptIcon(lucide.CircleCheck);

/**
 * Express pickup (issue 28.6), from the customer's link on their phone: the drivers and their
 * licences with photos, then the agreement read and signed, then the deposit where the landing
 * holds it on the card. Done, the counter only checks the licence against the person.
 */
export function ExpressPage() {
  const { data } = usePage();
  const words = expressWords[data.language];
  const reservation = data.reservation;
  const [express, setExpress] = useState<ExpressView | null>(data.express);
  const doneRef = useRef<HTMLDivElement>(null);
  // "Ready" only while the pickup is ahead: a booking cancelled or handed over since says so instead.
  const done =
    express?.completed_at !== null && express?.completed_at !== undefined && reservation?.status === "confirmed";
  // Finishing moves the focus to the news at the top, where the visitor was not.
  const wasDone = useRef(done);
  useEffect(() => {
    if (done && !wasDone.current) doneRef.current?.focus();
    wasDone.current = done;
  }, [done]);

  if (!reservation || !express)
    return <BookingNotFound message={reservationWords[data.language].reservation.missing} />;
  const back = hrefTo(
    data,
    { kind: "reservation", reference: reservation.reference },
    withChanges({}, { t: reservation.token, lang: data.query.lang }),
  );
  const base = `/api/publicLanding/${encodeURIComponent(data.landing.name)}/reservation/${encodeURIComponent(reservation.reference)}/express`;
  // A booking with no deposit has no deposit step: nothing is left at the counter or held.
  const deposit = formatMoney(reservation.deposit_cents, reservation.currency, data.language);
  const hasDeposit = reservation.deposit_cents > 0;
  const depositText = !express.deposit.needed
    ? words.depositCounter(deposit)
    : express.deposit.held
      ? words.depositHeld(deposit)
      : words.depositToHold(deposit);

  return (
    <Layout>
      <div className="mx-auto grid max-w-2xl gap-6 px-4 py-8 sm:px-6">
        <div>
          <h1 className="text-3xl font-bold tracking-tight cramped:text-2xl">{words.title}</h1>
          <p className="mt-1 text-lg font-semibold tracking-widest text-(--brand-ink)">{reservation.reference}</p>
          <p className="mt-2 text-gray-700">{words.intro(data.landing.display_name, hasDeposit ? 3 : 2)}</p>
        </div>
        {done && (
          <div
            ref={doneRef}
            tabIndex={-1}
            role="status"
            className="flex items-start gap-3 rounded-2xl bg-green-50 p-4 text-green-900"
            data-testid="express-done"
          >
            <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
            <p className="font-semibold">{words.done}</p>
          </div>
        )}
        {!express.open && !done && (
          <p className={`${card} p-5`} role="status">
            {closedReason(words, reservation.status)}
          </p>
        )}
        {express.open && (
          <>
            <section className={`${card} p-5`}>
              <ExpressDrivers
                words={words}
                base={base}
                token={reservation.token}
                express={express}
                firstName={`${reservation.name} ${reservation.last_name}`.trim()}
                onSaved={setExpress}
              />
            </section>
            <section className={`${card} p-5`}>
              <ExpressAgreement
                key={express.drivers.map((driver) => driver.name).join("|")}
                words={words}
                base={base}
                token={reservation.token}
                express={express}
                onSigned={setExpress}
              />
            </section>
            {hasDeposit && (
              <section className={`${card} grid gap-3 p-5`} aria-labelledby="express-deposit">
                <h2 id="express-deposit" className="text-lg font-semibold cramped:text-base">
                  {words.depositTitle}
                </h2>
                <p className="text-gray-700">{depositText}</p>
                {express.deposit.needed && !express.deposit.held && <PaymentBox reservation={reservation} />}
              </section>
            )}
          </>
        )}
        <div>
          <a href={back} className={buttonSecondary}>
            {words.back}
          </a>
        </div>
      </div>
    </Layout>
  );
}

/** Why the express pickup is closed, from where the booking stands. */
function closedReason(words: ExpressWords, status: ReservationStatus): string {
  if (status === "pending" || status === "awaiting_payment") return words.notConfirmed;
  if (status === "cancelled") return words.cancelled;
  if (status === "no_show") return words.noShow;
  return words.closed;
}
