import { endedWithoutRental } from "@domain/picked-up";
import { landingRulesOf } from "@domain/rental-rules";
import type { Reservation } from "@domain/reservations";
import { formatMoney } from "@web/lib/format";
import * as lucide from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { ContactButtons } from "../components/contact-buttons";
import { CustomerCancel } from "../components/customer-cancel";
import { keptIcon } from "../components/icons";
import { Layout } from "../components/layout";
import { BookingNotFound } from "../components/missing-choice";
import { PaymentBox } from "../components/payment-box";
import { ReservationDetails } from "../components/reservation-details";
import { usePage } from "../context";
import { reservationWords } from "../i18n/reservation";
import { contactLinks } from "../lib/contact-links";
import { isCancellable } from "../lib/reservation";
import { buttonPrimary, buttonSecondary, card } from "../lib/ui";
import { hrefTo, withChanges } from "../lib/url";

const CircleCheck = keptIcon(lucide.CircleCheck);
const CircleX = keptIcon(lucide.CircleX);
const Clock = keptIcon(lucide.Clock);

const STATUS_STYLE: Record<Reservation["status"], string> = {
  awaiting_payment: "bg-sky-100 text-sky-900",
  pending: "bg-amber-100 text-amber-900",
  confirmed: "bg-green-100 text-green-900",
  on_rent: "bg-sky-100 text-sky-900",
  returned: "bg-gray-200 text-gray-900",
  completed: "bg-gray-200 text-gray-900",
  cancelled: "bg-red-100 text-red-900",
  no_show: "bg-red-100 text-red-900",
};

/**
 * The customer's own reservation, opened from the emailed link: status, details, price, and
 * "Cancelar reserva", which shows the policy's fee for this moment before it is confirmed.
 */
export function ReservationPage() {
  const { data, t } = usePage();
  const words = reservationWords[data.language].reservation;
  const [reservation, setReservation] = useState(data.reservation);
  const [done, setDone] = useState(false);
  // Found moved while cancelling, with no cancel left to offer: why, said where its status is
  // (the cancel's own message left with it).
  const [moved, setMoved] = useState<string | null>(null);
  const home = hrefTo(data, { kind: "home" }, withChanges({}, { lang: data.query.lang }));

  if (!reservation) return <BookingNotFound message={words.missing} />;

  const lang = data.language;
  const money = (cents: number) => formatMoney(cents, reservation.currency, lang);
  // Paid (issue 27), the fee was kept from the payment, and the payment box says what came back: the
  // fee, and what of it was kept where that is less (a walk's page said the whole fee over a smaller payment).
  const kept = reservation.cancellation_fee_kept_cents ?? 0;
  const paidOnline = (reservation.payment?.paid_cents ?? 0) > 0;
  const feeText = (cents: number) => {
    if (kept >= cents) return words.fee(money(cents));
    if (kept > 0) return words.feePartlyKept(money(cents), money(kept));
    return paidOnline ? words.feeNoneKept(money(cents)) : words.cancelledFee(money(cents));
  };
  // Express pickup (issue 28.6), with this page's own secret; shared as a whole address (WhatsApp).
  const expressQuery = withChanges({}, { t: reservation.token, lang: data.query.lang });
  const expressHref = hrefTo(data, { kind: "express", reference: reservation.reference }, expressQuery);
  const expressUrl = `${data.siteUrl}/reservation/${encodeURIComponent(reservation.reference)}/express?${new URLSearchParams(expressQuery)}`;
  const contactMessage = t.contact.reservation(data.landing.display_name, reservation.reference);
  // From the pickup time on, only the operator can end the rental (the server refuses the customer's cancel).
  const afterPickup = isCancellable(reservation) && reservation.pickup_passed;
  // Told to call only when there is a number to call; else the booking's emails, which answer to the operator.
  const links = contactLinks(landingRulesOf(data.landing.rules), contactMessage);
  const callable = links.call !== null || links.whatsapp !== null;
  const StatusIcon = endedWithoutRental(reservation.status)
    ? CircleX
    : reservation.status === "pending" || reservation.status === "awaiting_payment"
      ? Clock
      : CircleCheck;

  return (
    <Layout>
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{words.title}</h1>
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
              {words.statusLabel}
            </h2>
            {/* A pill on one line; on several (a 320 px phone with large text: "Pendiente de
                confirmación") a box with rounded corners, not an oval: its radius is half a single
                line's height. The icon is set in the text's first line, so the lines under it have
                the pill's whole width ("confirmación" was broken beside it); its 2 px margin below
                centres it on the line as the flex row did. */}
            <span
              className={`inline-block rounded-[1em] px-3 py-1 text-sm font-semibold wrap-anywhere ${STATUS_STYLE[reservation.status]}`}
              data-testid="reservation-status"
            >
              <StatusIcon aria-hidden="true" className="mr-1.5 mb-0.5 inline-block size-4 align-middle" />
              {words.status[reservation.status]}
            </span>
          </div>
          {moved && (
            <FocusedNote tone="warning" testId="reservation-moved">
              {moved}
            </FocusedNote>
          )}
          {done && (
            <FocusedNote tone="success" testId="reservation-cancelled">
              {words.cancelled}
              {reservation.cancellation_fee_cents !== null && reservation.cancellation_fee_cents > 0
                ? ` ${feeText(reservation.cancellation_fee_cents)}`
                : ""}
            </FocusedNote>
          )}
          {!done && reservation.status === "cancelled" && (
            <div className="grid gap-1 text-sm text-gray-700" data-testid="reservation-cancelled-by">
              {/* Who ended it: a customer must never take the company's cancellation for their own. */}
              {reservation.cancelled_by === "owner" && <p>{words.cancelledBy.owner(data.landing.display_name)}</p>}
              {reservation.cancelled_by === "customer" && <p>{words.cancelledBy.customer}</p>}
              {reservation.cancelled_by === "unpaid" && <p>{words.cancelledBy.unpaid}</p>}
              {(reservation.cancellation_fee_cents ?? 0) > 0 && (
                <p>{feeText(reservation.cancellation_fee_cents ?? 0)}</p>
              )}
            </div>
          )}
          <dl className="grid gap-1 text-sm wrap-anywhere sm:grid-cols-2">
            <div>
              <dt className="font-semibold">{words.customer}</dt>
              <dd className="text-gray-700">
                {reservation.name} {reservation.last_name}
              </dd>
            </div>
            <div>
              <dt className="font-semibold">{words.contact}</dt>
              <dd className="text-gray-700">
                {/* The number kept whole: "+1 (809)" / "555-98 76" read as two. */}
                {reservation.email} · <span className="whitespace-nowrap">{reservation.phone}</span>
              </dd>
            </div>
            {/* What the customer wrote to the company when booking, as its emails and the owner show it. */}
            {reservation.description && (
              <div className="sm:col-span-2">
                <dt className="font-semibold">{words.comment}</dt>
                <dd className="whitespace-pre-line text-gray-700" data-testid="reservation-comment">
                  {reservation.description}
                </dd>
              </div>
            )}
          </dl>
        </section>
        {reservation.status === "confirmed" && !reservation.pickup_passed && (
          <section
            className={`${card} grid gap-3 p-5`}
            aria-labelledby="reservation-express"
            data-testid="express-card"
          >
            <h2 id="reservation-express" className="text-lg font-semibold">
              {words.expressTitle}
            </h2>
            <p className="text-gray-700">{reservation.express_completed_at ? words.expressDone : words.expressBody}</p>
            <div className="flex flex-wrap gap-3">
              <a href={expressHref} className={reservation.express_completed_at ? buttonSecondary : buttonPrimary}>
                {reservation.express_completed_at ? words.expressContinue : words.expressStart}
              </a>
              <a
                href={`https://wa.me/?text=${encodeURIComponent(words.expressShareText(data.landing.display_name, expressUrl))}`}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonSecondary}
              >
                {words.expressShare}
              </a>
            </div>
          </section>
        )}
        <PaymentBox reservation={reservation} />
        <section className={`${card} p-5`} aria-labelledby="reservation-summary">
          {/* Headed as on the thank-you page: a screen reader's list of headings reaches it too. */}
          <h2 id="reservation-summary" className="mb-4 text-lg font-semibold">
            {t.thanks.summary}
          </h2>
          <ReservationDetails reservation={reservation} />
          {!afterPickup && (
            <ContactButtons
              message={contactMessage}
              title
              testId="reservation-contact"
              className="mt-5 border-t border-gray-100 pt-4"
            />
          )}
        </section>
        {afterPickup && (
          <section className={`${card} p-5`} aria-labelledby="reservation-after-pickup" data-testid="after-pickup">
            <h2 id="reservation-after-pickup" className="text-lg font-semibold">
              {words.afterPickupTitle}
            </h2>
            <p className="mt-2 text-gray-700">
              {(callable ? words.afterPickupBody : words.afterPickupByEmail)(data.landing.display_name)}
            </p>
            <ContactButtons message={contactMessage} testId="reservation-contact" className="mt-4" />
          </section>
        )}
        {isCancellable(reservation) && !afterPickup && (
          <CustomerCancel
            reservation={reservation}
            onCancelled={(cancelled) => {
              setReservation(cancelled);
              setDone(true);
            }}
            onChanged={(current) => {
              setReservation(current);
              if (isCancellable(current) && !current.pickup_passed) return;
              setMoved(
                current.status === reservation.status
                  ? words.notCancellable
                  : words.movedMeanwhile(words.status[current.status]),
              );
            }}
          />
        )}
        {/* Ended: nothing left to do here but book again. */}
        {endedWithoutRental(reservation.status) && (
          <div className="flex justify-center">
            <a href={home} className={buttonSecondary} data-testid="reservation-home">
              {t.thanks.home}
            </a>
          </div>
        )}
      </div>
    </Layout>
  );
}

/**
 * News the visitor's own press brought, shown at the top while they are at the bottom where they
 * pressed: read out, and the focus taken to it as it appears.
 */
function FocusedNote({ tone, testId, children }: { tone: "success" | "warning"; testId: string; children: ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const colours = tone === "success" ? "bg-green-50 text-green-900" : "bg-amber-50 text-amber-900";
  return (
    <p
      ref={ref}
      tabIndex={-1}
      className={`scroll-mt-4 rounded-lg px-3 py-2 ${colours}`}
      role="status"
      data-testid={testId}
    >
      {children}
    </p>
  );
}
