import type { CounterView, DamageMark } from "@domain/counter";
import type { Reservation } from "@domain/reservations";
import { currentLanguage } from "@web/i18n/setup";
import { formatInstant, formatMoney, formatNumber } from "@web/lib/format";
import { Button } from "@web/ui/button";
import { Card } from "@web/ui/card";
import { UnbrokenWhen } from "@web/ui/unbroken-when";
import { FileText } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { invoicePdfUrl } from "./api";
import { zoneName } from "./damage-diagram";
import { asksDeposit } from "./deposit-field";

type Line = NonNullable<CounterView["check_in"]>["charges"][number];

/** "1,150 km × US$0.25": what a charge counts, in words, numbers as the dashboard writes them. */
function useLineText() {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  return (line: Line, currency: string) => {
    const unit = line.unit_cents === undefined ? "" : formatMoney(line.unit_cents, currency, language);
    if (line.kind === "damage") return t("counter.charges.damage", { reason: line.reason ?? "" });
    if (line.kind === "cleaning") return t("counter.charges.cleaning");
    const count = line.quantity ?? 0;
    return t(`counter.charges.${line.kind}`, { count, quantity: formatNumber(count, language), unit });
  };
}

/**
 * The rental's invoice as issued at check-in: its number, the booking, the charges and their tax.
 * While the charges wait for the customer's signature it is a draft the owner reads (the PDF says
 * so too): nothing of them is collected and the customer is sent the invoice once they accept.
 */
function InvoiceCard({
  reservationId,
  invoice,
  currency,
  draft,
}: {
  reservationId: number;
  invoice: NonNullable<CounterView["invoice"]>;
  currency: string;
  draft: boolean;
}) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  const money = (cents: number) => formatMoney(cents, currency, language);
  const rows: [string, number][] = [
    [t("counter.invoiceBooking"), invoice.booking_cents],
    [t("counter.invoiceCharges"), invoice.charges_cents],
    [t("counter.invoiceChargesTax"), invoice.charges_tax_cents],
  ];
  return (
    <Card className="p-4 sm:p-5" data-testid="invoice">
      <h2 className="text-base font-semibold text-gray-900">{t("counter.invoiceTitle", { number: invoice.number })}</h2>
      {draft && <p className="mt-1 text-sm text-gray-700">{t("counter.invoiceDraft")}</p>}
      <dl className="mt-3 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 wrap-anywhere gap-y-1.5 text-sm">
        {rows.map(([label, cents]) => (
          <div key={label} className="contents">
            <dt className="text-gray-700">{label}</dt>
            <dd className="text-right text-gray-900 tabular-nums">{money(cents)}</dd>
          </div>
        ))}
        <dt className="border-t border-gray-200 pt-2 font-semibold text-gray-900">{t("counter.invoiceTotal")}</dt>
        <dd className="border-t border-gray-200 pt-2 text-right font-semibold text-gray-900 tabular-nums">
          {money(invoice.total_cents)}
        </dd>
        {invoice.customer_tax_id && (
          <>
            <dt className="text-gray-700">{t("counter.customerTaxId")}</dt>
            <dd className="text-right text-gray-900">{invoice.customer_tax_id}</dd>
          </>
        )}
        {invoice.ncf && (
          <>
            <dt className="text-gray-700">{t("counter.ncf")}</dt>
            <dd className="text-right text-gray-900">{invoice.ncf}</dd>
          </>
        )}
      </dl>
      <a
        href={invoicePdfUrl(reservationId)}
        target="_blank"
        rel="noopener"
        className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800"
      >
        <FileText aria-hidden="true" className="size-4" />
        {t(draft ? "counter.invoiceDraftPdf" : "counter.invoicePdf", { number: invoice.number })}
        <span className="sr-only"> {t("counter.agreement.newTab")}</span>
      </a>
    </Card>
  );
}

/**
 * What the counter recorded: the state as the car left and came back, side by side on a desktop,
 * and the return's charges with their total.
 */
export function HandoverSummary({
  reservation,
  counter,
  timeZone,
  onCorrect,
}: {
  reservation: Reservation;
  counter: CounterView;
  /** The landing's: times are read on its wall clock, as the booking's own. */
  timeZone: string;
  /** Opens "Corregir devolución" (offered while the return is `correctable`). */
  onCorrect?: () => void;
}) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  const lineText = useLineText();
  const { id: reservationId, currency } = reservation;
  /** "Puerta trasera (lado izquierdo): Rayón; Capó", or "" without marks. */
  const marksText = (marks: DamageMark[]) =>
    marks.map((mark) => `${zoneName(t, mark.zone)}${mark.note ? `: ${mark.note}` : ""}`).join("; ");
  const when = (iso: string) => formatInstant(iso, timeZone, language);
  const km = (value: number) => formatNumber(value, language);
  const money = (cents: number) => formatMoney(cents, currency, language);
  // Paid out of the deposit by the owner toward what was left to pay (the charges' share is said apart).
  const paidFromDeposit = reservation.settlement.received.some(
    (entry) => entry.from_deposit && !entry.accepted_charges,
  );
  /**
   * What goes back of the deposit taken at the counter: all, the rest after the charges or after
   * what was taken from it, nothing, or once the charges are accepted.
   */
  const depositBackText = (cents: number | null, deposit: number, chargesCents: number) => {
    if (cents === null) return t("counter.deposit.backPending");
    if (paidFromDeposit) {
      return cents > 0
        ? t("counter.deposit.backTaken", { amount: money(cents), taken: money(deposit - cents) })
        : t("counter.deposit.backNoneTaken");
    }
    if (chargesCents === 0) return t("counter.deposit.backAll", { amount: money(cents) });
    return cents > 0 ? t("counter.deposit.backRest", { amount: money(cents) }) : t("counter.deposit.backNone");
  };
  const { check_out: out, check_in: back } = counter;
  return (
    // wrap-anywhere and minmax(0, …): a long word typed in a note (a damage, a name) breaks inside
    // its card instead of stretching the page past the screen.
    <div className="flex flex-col gap-4 wrap-anywhere">
      <div className="grid gap-4 md:grid-cols-[repeat(2,minmax(0,1fr))]">
        {out && (
          <Card className="p-4 sm:p-5">
            <h2 className="text-base font-semibold text-gray-900">{t("counter.outTitle")}</h2>
            <dl className="mt-3 grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
              <dt className="text-gray-600">{t("counter.when")}</dt>
              <dd className="text-gray-900">
                <UnbrokenWhen>{when(out.at)}</UnbrokenWhen>
              </dd>
              <dt className="text-gray-600">{t("counter.odometer")}</dt>
              <dd className="text-gray-900">{km(out.odometer_km)} km</dd>
              <dt className="text-gray-600">{t("counter.fuel")}</dt>
              <dd className="text-gray-900">{out.fuel_eighths}/8</dd>
              <dt className="text-gray-600">{t("counter.driversTitle")}</dt>
              <dd className="text-gray-900">{out.drivers.map((driver) => driver.name).join(", ")}</dd>
              {out.items.length > 0 && (
                <>
                  <dt className="text-gray-600">{t("counter.itemsTitle")}</dt>
                  <dd className="text-gray-900">{out.items.join(", ")}</dd>
                </>
              )}
              <dt className="text-gray-600">{t("counter.damageTitle")}</dt>
              <dd className="text-gray-900">{marksText(out.marks) || t("counter.noMarks")}</dd>
              {/* As the agreement says it: what came in and how, or that the counter asked and none did. */}
              {(out.deposit || asksDeposit(reservation)) && (
                <>
                  <dt className="text-gray-600">{t("counter.deposit.title")}</dt>
                  <dd className="text-gray-900" data-testid="deposit-out">
                    {out.deposit
                      ? t(`counter.deposit.received_${out.deposit.method}`, { amount: money(out.deposit.cents) })
                      : t("counter.deposit.notReceived")}
                  </dd>
                </>
              )}
            </dl>
          </Card>
        )}
        {back && (
          <Card className="p-4 sm:p-5">
            <h2 className="text-base font-semibold text-gray-900" data-recorded-step="">
              {t("counter.inTitle")}
            </h2>
            <dl className="mt-3 grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
              <dt className="text-gray-600">{t("counter.when")}</dt>
              <dd className="text-gray-900">
                <UnbrokenWhen>{when(back.at)}</UnbrokenWhen>
              </dd>
              <dt className="text-gray-600">{t("counter.odometer")}</dt>
              <dd className="text-gray-900">
                {km(back.odometer_km)} km ({t("counter.driven", { km: km(back.driven_km) })})
              </dd>
              <dt className="text-gray-600">{t("counter.fuel")}</dt>
              <dd className="text-gray-900">{back.fuel_eighths}/8</dd>
              <dt className="text-gray-600">{t("counter.damageTitle")}</dt>
              <dd className="text-gray-900">{marksText(back.marks) || t("counter.noNewMarks")}</dd>
              {out?.deposit && (
                <>
                  <dt className="text-gray-600">{t("counter.deposit.back")}</dt>
                  <dd className="font-medium text-gray-900">
                    <span data-testid="deposit-back">
                      {depositBackText(back.deposit_back_cents, out.deposit.cents, back.charges_total_cents)}
                    </span>
                    {/* A walk's counter said to give the deposit back while the rental was still unpaid. */}
                    {(back.deposit_back_cents ?? 0) > 0 && reservation.settlement.outstanding_cents > 0 && (
                      <span className="mt-1 block font-normal text-amber-900" data-testid="deposit-back-unpaid">
                        {t("counter.deposit.backUnpaid", { amount: money(reservation.settlement.outstanding_cents) })}
                      </span>
                    )}
                  </dd>
                </>
              )}
            </dl>
            {/* What was first recorded stays on the record, said under what stands now. */}
            {back.corrections.map((correction) => (
              <p key={correction.corrected_at} className="mt-3 text-sm text-gray-700" data-testid="return-corrected">
                <Trans
                  t={t}
                  i18nKey="counter.corrected"
                  values={{
                    date: when(correction.corrected_at),
                    km: km(correction.odometer_km),
                    fuel: correction.fuel_eighths,
                    charges: money(correction.charges_total_cents),
                  }}
                  components={{ date: <UnbrokenWhen /> }}
                />
              </p>
            ))}
            {back.correctable && onCorrect && (
              <div className="mt-3 flex flex-col items-start gap-1.5">
                <Button variant="secondary" onClick={onCorrect}>
                  {t("counter.correct")}
                </Button>
                <p className="text-sm text-gray-600">{t("counter.correctHint")}</p>
              </div>
            )}
          </Card>
        )}
      </div>
      {counter.photos.length > 0 && (
        <Card className="p-4 sm:p-5">
          <h2 className="text-base font-semibold text-gray-900">{t("counter.photosTitle")}</h2>
          <ul className="mt-3 flex flex-wrap gap-3">
            {counter.photos.map((photo, index) => (
              <li key={photo.id}>
                <a href={photo.url} target="_blank" rel="noopener" className="block rounded-md focus-visible:ring-2">
                  <img
                    src={photo.url}
                    alt={t(photo.kind === "licence" ? "counter.photoOfLicence" : "counter.photoOfDamage", {
                      number: index + 1,
                    })}
                    className="size-20 rounded-md object-cover ring-1 ring-gray-200"
                  />
                </a>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {back && (
        <Card className="p-4 sm:p-5" data-testid="return-charges">
          <h2 className="text-base font-semibold text-gray-900">{t("counter.chargesTitle")}</h2>
          {back.charges.length === 0 ? (
            <p className="mt-2 text-sm text-gray-700">{t("counter.noCharges")}</p>
          ) : (
            <table className="mt-3 w-full text-sm">
              <tbody>
                {back.charges.map((line, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the lines come in a fixed order and never move.
                  <tr key={index} className="border-b border-gray-100">
                    <td className="py-1.5 pr-3 text-gray-800">{lineText(line, currency)}</td>
                    <td className="py-1.5 text-right whitespace-nowrap text-gray-900 tabular-nums">
                      {formatMoney(line.total_cents, currency, language)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" className="pt-2 text-left font-semibold text-gray-900">
                    {t("counter.chargesTotal")}
                  </th>
                  <td className="pt-2 text-right font-semibold whitespace-nowrap text-gray-900 tabular-nums">
                    {formatMoney(back.charges_total_cents, currency, language)}
                  </td>
                </tr>
              </tfoot>
            </table>
          )}
        </Card>
      )}
      {counter.invoice && (
        <InvoiceCard
          reservationId={reservationId}
          invoice={counter.invoice}
          currency={currency}
          draft={(back?.charges_total_cents ?? 0) > 0 && !back?.charges_accepted}
        />
      )}
    </div>
  );
}
