import { formatDate, formatDateTime } from "@domain/date-format";
import { formatMoney } from "@domain/money";
import { chargesAwaiting } from "@domain/payments";
import { toLocal } from "@domain/rental-time";
import type { ReturnCharges } from "@domain/return-charges";
import { type BookingMail, detailRows, priceRows } from "../mail";
import { chargeLabel, documentText } from "./copy";
import { type DocumentIssuer, issuerBrand } from "./issuer";
import { drawPdf, type PdfRow, type PdfSection } from "./pdf";

export type InvoiceDocument = {
  mail: BookingMail;
  issuer: DocumentIssuer;
  invoice: {
    number: number;
    issuedAt: Date;
    bookingCents: number;
    chargesCents: number;
    chargesTaxCents: number;
    totalCents: number;
    customerTaxId: string;
    ncf: string;
  };
  charges: ReturnCharges | null;
  /** When the car in fact left and came back (the counter's check-out and check-in), null when not recorded. */
  handovers: { out: Date | null; back: Date | null };
  /**
   * The return's charges await the customer's signed acceptance: the owner reads the invoice as it
   * will stand, marked a draft, with what is left to pay counting charges not yet agreed to.
   */
  draft: boolean;
};

/** Invoice numbers as printed: six digits, so they sort and read as a sequence ("000042"). */
export const invoiceNumber = (number: number) => String(number).padStart(6, "0");

/**
 * The rental's invoice (issue 28.5): its number in the landing's sequence, the operator's and the
 * customer's tax ids, the NCF when given, the booking's lines as booked, the return's charges and
 * their tax, and what was paid online, taken from the deposit and received by hand at the counter,
 * each refund dated and taken off, against what is left to pay ("Pagado" once nothing is).
 */

const RECEIVED_LABEL = { cash: "receivedCash", card: "receivedCard", transfer: "receivedTransfer" } as const;
const REFUND_LABEL = { cash: "refundCash", card: "refundCard", transfer: "refundTransfer" } as const;
export function drawInvoice(document: InvoiceDocument): Promise<Buffer> {
  const { mail, issuer, invoice, charges, handovers, draft } = document;
  const language = mail.language;
  const r = mail.reservation;
  const money = (cents: number) => formatMoney(cents, r.currency, language);
  const t = (key: Parameters<typeof documentText>[1], params?: Record<string, string | number>) =>
    documentText(language, key, params);
  const number = invoiceNumber(invoice.number);
  const issued = toLocal(invoice.issuedAt, issuer.timeZone);

  const billed: PdfRow[] = [
    [t("client"), `${r.name} ${r.last_name}`.trim()],
    ...(invoice.customerTaxId ? [[t("customerTaxId"), invoice.customerTaxId] as PdfRow] : []),
    ...(r.email ? [[t("email"), r.email] as PdfRow] : []),
    ...(r.phone ? [[t("phone"), r.phone] as PdfRow] : []),
    ...(invoice.ncf ? [[t("ncf"), invoice.ncf] as PdfRow] : []),
  ];
  // The booking's own lines end with its total (taxes included); the invoice's total follows the charges.
  const booking = priceRows(mail);
  booking[booking.length - 1] = [t("bookingTotal"), money(invoice.bookingCents)];
  const chargeRows: PdfRow[] = (charges?.lines ?? []).map((line) => [
    chargeLabel(line, language, money),
    money(line.totalCents),
  ]);
  const payment = r.payment;
  // Paid online as it was paid: what went back of it is listed as refunds below, never taken off
  // here, where the difference read as a discount nobody gave.
  const paidCents = payment?.paid_cents ?? 0;
  const capturedCents = payment?.captured_cents ?? 0;
  // What is left to pay as the booking's detail and the counter say it (domain settlementOf: the
  // booking and the charges accepted, less everything received, the owner's own refunds to the card
  // not owed again); charges the customer has not accepted yet are said apart, with what will be left
  // once they are (`chargesAwaiting`).
  const dueNowCents = r.settlement.outstanding_cents;
  const awaiting = chargesAwaiting(r.settlement);
  const dated = (at: string) => ({ date: formatDate(toLocal(new Date(at), issuer.timeZone).date, language) });
  // What came in by hand and what went back, each dated, oldest first. Money taken out of the deposit
  // the counter took says so: it is why less of it went back. A refund is one, taken off (to the
  // card, or by hand the way it went back).
  const movementRows: PdfRow[] = [
    ...r.settlement.received.map((received) => ({
      at: received.recorded_at,
      label: received.from_deposit ? ("receivedFromDeposit" as const) : RECEIVED_LABEL[received.method],
      amount: money(received.amount_cents),
    })),
    ...r.settlement.refunded_to_card.map((refund) => ({
      // Made on a later try: dated by it; still on its way: by when it was asked.
      at: refund.refunded_at ?? refund.recorded_at,
      label: refund.pending ? ("refundToCardPending" as const) : ("refundToCard" as const),
      amount: `−${money(refund.amount_cents)}`,
    })),
    ...r.settlement.refunded_by_hand.map((refund) => ({
      at: refund.recorded_at,
      label: REFUND_LABEL[refund.method],
      amount: `−${money(refund.amount_cents)}`,
    })),
  ]
    .sort((a, b) => a.at.localeCompare(b.at))
    .map((movement) => [t(movement.label, dated(movement.at)), movement.amount]);

  const sections: PdfSection[] = [
    { title: t("billedTo"), rows: billed },
    {
      title: t("booking"),
      rows: [...detailRows(mail, false, { party: false }), ...handoverRows(handovers, issuer.timeZone, language)],
    },
    { title: t("bookingLines"), rows: booking, total: true },
    ...(chargeRows.length > 0
      ? [
          {
            title: t("returnCharges"),
            rows: [
              ...chargeRows,
              [t("chargesSubtotal"), money(invoice.chargesCents)] as PdfRow,
              [t("chargesTax", { label: r.tax_label, rate: r.tax_rate }), money(invoice.chargesTaxCents)] as PdfRow,
            ],
          },
        ]
      : []),
    // "$" alone reads as pesos in the Dominican Republic: the total names its currency (as the dashboard's does).
    { rows: [[t("invoiceTotal", { currency: r.currency }), money(invoice.totalCents)]], total: true },
    {
      title: t("settlement"),
      rows: [
        // Nothing paid online (a booking paid at the counter): no row of zero.
        ...(paidCents !== 0 ? [[t("paidOnline"), money(paidCents)] as PdfRow] : []),
        ...(capturedCents > 0 ? [[t("capturedDeposit"), money(capturedCents)] as PdfRow] : []),
        ...movementRows,
        dueNowCents > 0 ? [t("due"), money(dueNowCents)] : [t("paymentStatus"), t("paidInFull")],
        // A draft's charges are due once the customer accepts them: said apart, as the counter does.
        ...(awaiting ? [[t("dueOnceAccepted"), money(awaiting.dueCents)] as PdfRow] : []),
      ],
      total: true,
    },
    ...(draft ? [{ text: t("invoiceDraftNote") }] : []),
  ];

  return drawPdf({
    brand: issuerBrand(issuer, language),
    title: t(draft ? "invoiceDraftTitle" : "invoiceTitle"),
    subtitle: t(draft ? "invoiceDraftSubtitle" : "invoiceSubtitle", {
      number,
      date: formatDate(issued.date, language),
    }),
    sections,
    footer: t(draft ? "invoiceDraftFooter" : "invoiceFooter", { number, reference: r.reference }),
    pageLabel: (page, pages) => t("page", { page, pages }),
    createdAt: invoice.issuedAt,
  });
}

/** When the car in fact left and came back, on the landing's clock, beside the times booked. */
function handoverRows(
  handovers: InvoiceDocument["handovers"],
  timeZone: string,
  language: BookingMail["language"],
): PdfRow[] {
  const at = (instant: Date) => {
    const local = toLocal(instant, timeZone);
    return formatDateTime(local.date, local.time, language);
  };
  return [
    ...(handovers.out ? [[documentText(language, "handedOut"), at(handovers.out)] as PdfRow] : []),
    ...(handovers.back ? [[documentText(language, "handedBack"), at(handovers.back)] as PdfRow] : []),
  ];
}
