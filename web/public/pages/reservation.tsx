import { CircleAlert, CircleCheck, Clock, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { type CancellationCharge, cancellationCharge } from "../../../domain/cancellation";
import { cancellationPolicyOf, landingRulesOf } from "../../../domain/rental-rules";
import { toInstant } from "../../../domain/rental-time";
import type { Reservation } from "../../../domain/reservations";
import { formatMoney } from "../../lib/format";
import { ContactButtons } from "../components/contact-buttons";
import { Layout } from "../components/layout";
import { ReservationDetails } from "../components/reservation-details";
import { usePage } from "../context";
import { callApi } from "../lib/api";
import { isCancellable } from "../lib/reservation";
import { buttonDanger, buttonPrimary, buttonSecondary, card } from "../lib/ui";
import { hrefTo, withChanges } from "../lib/url";
import { useHydrated } from "../lib/use-hydrated";

const STATUS_STYLE: Record<Reservation["status"], string> = {
  pending: "bg-amber-100 text-amber-900",
  confirmed: "bg-green-100 text-green-900",
  cancelled: "bg-red-100 text-red-900",
  completed: "bg-gray-200 text-gray-900",
};

/**
 * The customer's own reservation, opened from the emailed link: status, details, price, and
 * "Cancelar reserva", which shows the policy's fee for this moment before it is confirmed.
 */
export function ReservationPage() {
  const { data, t } = usePage();
  const hydrated = useHydrated();
  const [reservation, setReservation] = useState(data.reservation);
  const [charge, setCharge] = useState<CancellationCharge | null>(null);
  const [state, setState] = useState<"idle" | "sending" | "failed" | "done">("idle");
  const [failure, setFailure] = useState("");
  const confirmRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  // The success message is at the top while the visitor is at the bottom, where they confirmed: take them to it.
  useEffect(() => {
    if (state === "done") doneRef.current?.focus();
  }, [state]);
  const home = hrefTo(data, { kind: "home" }, withChanges({}, { lang: data.query.lang }));

  if (!reservation) {
    return (
      <Layout>
        <div className="mx-auto max-w-xl px-4 py-16 text-center">
          <p className="text-lg font-semibold">{t.reservation.missing}</p>
          <a href={home} className={`${buttonPrimary} mt-6`}>
            {t.thanks.home}
          </a>
        </div>
      </Layout>
    );
  }

  const lang = data.language;
  const money = (cents: number) => formatMoney(cents, reservation.currency, lang);
  // The policy agreed when booking (issue 10), as the server charges it; the landing's for an older reservation.
  const agreed = reservation.cancellation_policy;
  const policy = agreed
    ? { lateFeeCents: agreed.late_fee_cents, earlyFeeCents: agreed.early_fee_cents, windowHours: agreed.window_hours }
    : cancellationPolicyOf(landingRulesOf(data.landing.rules));
  const contactMessage = t.contact.reservation(data.landing.display_name, reservation.reference);
  // From the pickup time on, only the operator can end the rental (the server refuses the customer's cancel).
  const afterPickup = isCancellable(reservation) && reservation.pickup_passed;
  const StatusIcon =
    reservation.status === "cancelled" ? XCircle : reservation.status === "pending" ? Clock : CircleCheck;

  function askToCancel() {
    if (!reservation) return;
    const stored = new Date(reservation.pickup_at);
    const pickupAt = Number.isNaN(stored.getTime())
      ? (toInstant(
          { date: reservation.date_of_departure, time: reservation.time_of_departure },
          data.landing.time_zone,
        ) ?? new Date())
      : stored;
    setCharge(
      cancellationCharge(
        { totalCents: reservation.total_cents, pickupAt, confirmed: reservation.status === "confirmed" },
        new Date(),
        policy,
      ),
    );
    requestAnimationFrame(() => confirmRef.current?.focus());
  }

  async function cancel() {
    if (!reservation) return;
    setState("sending");
    const path = `/api/publicLanding/${encodeURIComponent(data.landing.name)}/reservation/${encodeURIComponent(reservation.reference)}/cancel?t=${encodeURIComponent(reservation.token)}`;
    try {
      const answer = await callApi<{ message: string; reservation: Reservation }>(path, lang, { method: "POST" });
      if (answer.ok) {
        setReservation({
          ...answer.body.reservation,
          token: reservation.token,
          pickup_passed: reservation.pickup_passed,
        });
        setCharge(null);
        setState("done");
        return;
      }
      // A 409 says why in the visitor's language (the pickup time came while the page was open, or the status changed).
      setFailure(answer.message || (answer.status === 409 ? t.reservation.notCancellable : t.reservation.cancelFailed));
    } catch {
      setFailure(t.reservation.cancelFailed);
    }
    setState("failed");
  }

  return (
    <Layout>
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t.reservation.title}</h1>
          <p
            className="mt-1 text-lg font-semibold tracking-widest text-(--brand-ink)"
            data-testid="reservation-reference"
          >
            {reservation.reference}
          </p>
        </div>
        <section className={`${card} grid gap-4 p-5`} aria-labelledby="reservation-status">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="reservation-status" className="text-lg font-semibold">
              {t.reservation.statusLabel}
            </h2>
            <span
              className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLE[reservation.status]}`}
              data-testid="reservation-status"
            >
              <StatusIcon aria-hidden="true" className="size-4" />
              {t.reservation.status[reservation.status]}
            </span>
          </div>
          {state === "done" && (
            <p
              ref={doneRef}
              tabIndex={-1}
              className="scroll-mt-4 rounded-lg bg-green-50 px-3 py-2 text-green-900"
              role="status"
              data-testid="reservation-cancelled"
            >
              {t.reservation.cancelled}
              {reservation.cancellation_fee_cents !== null && reservation.cancellation_fee_cents > 0
                ? ` ${t.reservation.cancelledFee(money(reservation.cancellation_fee_cents))}`
                : ""}
            </p>
          )}
          {state !== "done" && reservation.status === "cancelled" && reservation.cancellation_fee_cents !== null && (
            <p className="text-sm text-gray-700">
              {t.reservation.cancelledFee(money(reservation.cancellation_fee_cents))}
            </p>
          )}
          <dl className="grid gap-1 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-semibold">{t.reservation.customer}</dt>
              <dd className="text-gray-700">
                {reservation.name} {reservation.last_name}
              </dd>
            </div>
            <div>
              <dt className="font-semibold">{t.reservation.contact}</dt>
              <dd className="break-words text-gray-700">
                {reservation.email} · {reservation.phone}
              </dd>
            </div>
          </dl>
        </section>
        <section className={`${card} p-5`} aria-label={t.thanks.summary}>
          <ReservationDetails reservation={reservation} />
          {!afterPickup && (
            <div className="mt-5 border-t border-gray-100 pt-4">
              <ContactButtons message={contactMessage} title testId="reservation-contact" />
            </div>
          )}
        </section>
        {afterPickup && (
          <section className={`${card} p-5`} aria-labelledby="reservation-after-pickup" data-testid="after-pickup">
            <h2 id="reservation-after-pickup" className="text-lg font-semibold">
              {t.reservation.afterPickupTitle}
            </h2>
            <p className="mt-2 text-gray-700">{t.reservation.afterPickupBody(data.landing.display_name)}</p>
            <div className="mt-4">
              <ContactButtons message={contactMessage} testId="reservation-contact" />
            </div>
          </section>
        )}
        {isCancellable(reservation) && !afterPickup && (
          <section className={`${card} p-5`} aria-labelledby="reservation-cancel">
            <h2 id="reservation-cancel" className="text-lg font-semibold">
              {t.reservation.cancel}
            </h2>
            <noscript>
              <p className="mt-2 text-sm text-gray-700">{t.reservation.noscript}</p>
            </noscript>
            {charge === null ? (
              <button
                type="button"
                onClick={askToCancel}
                disabled={!hydrated}
                className={`${buttonSecondary} mt-3 text-red-700`}
                data-testid="cancel-open"
              >
                {t.reservation.cancel}
              </button>
            ) : (
              <div
                ref={confirmRef}
                tabIndex={-1}
                role="alertdialog"
                aria-labelledby="cancel-title"
                aria-describedby="cancel-fee"
                className="mt-3 rounded-xl border border-red-200 bg-red-50 p-4"
                data-testid="cancel-confirm"
              >
                <p id="cancel-title" className="font-semibold text-red-900">
                  {t.reservation.cancelTitle}
                </p>
                <div id="cancel-fee" className="mt-2 text-sm text-red-900">
                  <p className="text-base font-semibold" data-testid="cancel-fee">
                    {t.reservation.fee(money(charge.feeCents))}
                  </p>
                  <p>{t.reservation.feeMeaning(data.landing.display_name, charge.feeCents)}</p>
                  <p className="mt-1">
                    {charge.rule === "afterPickup"
                      ? t.reservation.feeRule.afterPickup
                      : t.reservation.feeRule[charge.rule](policy.windowHours)}
                  </p>
                </div>
                {state === "failed" && (
                  <p className="mt-3 flex gap-2 text-sm font-medium text-red-800" role="alert">
                    <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    {failure}
                  </p>
                )}
                <div className="mt-4 flex flex-col gap-3 sm:flex-row">
                  <button
                    type="button"
                    onClick={cancel}
                    disabled={state === "sending"}
                    className={buttonDanger}
                    data-testid="cancel-confirm-button"
                  >
                    {state === "sending" ? t.reservation.cancelling : t.reservation.confirmCancel}
                  </button>
                  <button
                    type="button"
                    onClick={() => {
                      setCharge(null);
                      setState("idle");
                    }}
                    className={buttonSecondary}
                  >
                    {t.reservation.keep}
                  </button>
                </div>
              </div>
            )}
          </section>
        )}
      </div>
    </Layout>
  );
}
