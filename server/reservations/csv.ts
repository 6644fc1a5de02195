import type { Language } from "@domain/languages";
import { refundedByProviderCents, sumOfAmounts } from "@domain/payments";
import { withoutDirectionControls } from "@domain/plain-text";
import { addonLineName } from "@domain/pricing";
import { timeZoneCity, toLocal } from "@domain/rental-time";
import type { Reservation } from "@domain/reservations";

const COLUMNS = [
  "reference",
  "status",
  "source",
  "created_at",
  "vehicle",
  "place_of_departure",
  "date_of_departure",
  "time_of_departure",
  "arrival_place",
  "date_of_arrival",
  "time_of_arrival",
  "name",
  "last_name",
  "email",
  "phone",
  "driver_birth_date",
  "number_person",
  "number_bag",
  "addons",
  "days",
  "rental",
  "discount",
  "fees",
  "adjustment",
  "subtotal",
  "tax",
  "total",
  "list_total",
  "price_reason",
  "currency",
  "cancellation_fee",
  "cancelled_by",
  "deposit",
  "paid_online",
  "refunded",
  "deposit_charged",
  "received",
  "return_charges",
  "received_by_hand",
  "refunded_by_hand",
  "outstanding",
  "description",
] as const;
type Column = (typeof COLUMNS)[number];

/** The words of the file, in the owner's language (issue 25.18): headers and the coded values. */
const CSV_COPY: Record<
  Language,
  {
    headers: Record<Column, string>;
    status: Record<Reservation["status"], string>;
    source: Record<Reservation["source"], string>;
    cancelledBy: Record<NonNullable<Reservation["cancelled_by"]>, string>;
  }
> = {
  es: {
    headers: {
      reference: "Referencia",
      status: "Estado",
      source: "Origen",
      created_at: "Creada ({{zone}})",
      vehicle: "Vehículo",
      place_of_departure: "Lugar de recogida",
      date_of_departure: "Fecha de recogida",
      time_of_departure: "Hora de recogida",
      arrival_place: "Lugar de devolución",
      date_of_arrival: "Fecha de devolución",
      time_of_arrival: "Hora de devolución",
      name: "Nombre",
      last_name: "Apellido",
      email: "Correo",
      phone: "Teléfono",
      driver_birth_date: "Nacimiento del conductor",
      number_person: "Personas",
      number_bag: "Maletas",
      addons: "Extras",
      days: "Días",
      rental: "Alquiler",
      discount: "Descuento",
      // The booking's own fees (one-way, young driver), not the return's charges, which have their column.
      fees: "Recargos",
      adjustment: "Ajuste de precio acordado",
      subtotal: "Subtotal",
      tax: "Impuesto",
      total: "Total",
      list_total: "Precio según las reglas",
      price_reason: "Motivo del precio",
      currency: "Moneda",
      cancellation_fee: "Cargo por cancelación",
      cancelled_by: "Cancelada por",
      deposit: "Depósito",
      paid_online: "Pagado en línea",
      refunded: "Reembolsado en línea",
      deposit_charged: "Cobrado del depósito",
      received: "Recibido en línea",
      return_charges: "Cargos de la devolución",
      received_by_hand: "Recibido a mano",
      refunded_by_hand: "Reembolsado a mano",
      outstanding: "Pendiente de pago",
      description: "Comentario",
    },
    status: {
      awaiting_payment: "Esperando pago",
      pending: "Pendiente",
      confirmed: "Confirmada",
      on_rent: "En alquiler",
      returned: "Devuelta",
      completed: "Completada",
      cancelled: "Cancelada",
      no_show: "No se presentó",
    },
    source: { public: "Web", manual: "Manual" },
    cancelledBy: { owner: "Empresa", customer: "Cliente", unpaid: "Sin pago a tiempo" },
  },
  en: {
    headers: {
      reference: "Reference",
      status: "Status",
      source: "Source",
      created_at: "Made ({{zone}})",
      vehicle: "Vehicle",
      place_of_departure: "Pickup place",
      date_of_departure: "Pickup date",
      time_of_departure: "Pickup time",
      arrival_place: "Return place",
      date_of_arrival: "Return date",
      time_of_arrival: "Return time",
      name: "First name",
      last_name: "Last name",
      email: "Email",
      phone: "Phone",
      driver_birth_date: "Driver's date of birth",
      number_person: "People",
      number_bag: "Bags",
      addons: "Extras",
      days: "Days",
      rental: "Rental",
      discount: "Discount",
      fees: "Fees",
      adjustment: "Agreed price adjustment",
      subtotal: "Subtotal",
      tax: "Tax",
      total: "Total",
      list_total: "Price under the rules",
      price_reason: "Price reason",
      currency: "Currency",
      cancellation_fee: "Cancellation fee",
      cancelled_by: "Cancelled by",
      deposit: "Deposit",
      paid_online: "Paid online",
      refunded: "Refunded online",
      deposit_charged: "Charged from deposit",
      received: "Received online",
      return_charges: "Return charges",
      received_by_hand: "Received by hand",
      refunded_by_hand: "Refunded by hand",
      outstanding: "Left to pay",
      description: "Comment",
    },
    status: {
      awaiting_payment: "Awaiting payment",
      pending: "Pending",
      confirmed: "Confirmed",
      on_rent: "On rent",
      returned: "Returned",
      completed: "Completed",
      cancelled: "Cancelled",
      no_show: "No-show",
    },
    source: { public: "Website", manual: "Manual" },
    cancelledBy: { owner: "Company", customer: "Customer", unpaid: "Not paid in time" },
  },
};

/** A phone number as people write it ("+1 (809) 555-0101"): it starts with "+" yet runs nothing. */
const PHONE_LIKE = /^\+[\d\s().-]+$/;
/** A negative amount ("-315.27", an agreed price's adjustment): a plain number, which runs nothing. */
const NEGATIVE_AMOUNT = /^-\d+(?:\.\d+)?$/;

/**
 * One CSV cell: quoted when it holds a separator, a quote or a line break; and one that starts as a
 * formula would (= + - @, or tab/CR) neutralised with a leading apostrophe, so a customer's comment
 * cannot run in a spreadsheet. A phone number and a negative amount are left as written. Direction
 * controls are dropped (a row stored before they were refused cannot reverse a column).
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? "" : withoutDirectionControls(String(value));
  if (/^[=+\-@\t\r]/.test(text) && !PHONE_LIKE.test(text) && !NEGATIVE_AMOUNT.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const amount = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/** "2026-11-24 15:32" on the landing's wall clock: sortable, and read as a date by spreadsheets. */
function localStamp(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return "";
  const { date, time } = toLocal(instant, timeZone);
  return `${date} ${time}`;
}

/**
 * Given back through the card provider; those the owner gave back by hand (a transfer back, cash)
 * have a column of their own.
 */
const refundedOnlineCents = (r: Reservation) => (r.payment ? refundedByProviderCents(r.payment, r.settlement) : 0);

/** What a booking's payments brought in online: paid (card or transfer) and charged from the deposit, less refunds. */
const receivedCents = (r: Reservation, payment: NonNullable<Reservation["payment"]>) =>
  payment.paid_cents + payment.captured_cents - refundedOnlineCents(r);

/** The file's language and the landing's clock, which its times are written on. */
type CsvOptions = { language: Language; timeZone: string };

/**
 * The reservations as CSV (RFC 4180, CRLF lines, UTF-8 with a BOM so spreadsheets read accents), in
 * the owner's language, with the time each was made on the landing's clock.
 */
export function reservationsCsv(rows: Reservation[], options: CsvOptions): string {
  return csvHeader(options) + csvRows(rows, options);
}

/**
 * The same file, written page by page as the pages are read (`reservationsForExport`): what the
 * export sends, so a landing's whole history is never one string.
 */
export async function* reservationsCsvStream(pages: AsyncIterable<Reservation[]>, options: CsvOptions) {
  // The header goes out with the first page: when that read fails, nothing has been sent and the
  // error is answered as any other is.
  let header = csvHeader(options);
  for await (const page of pages) {
    const text = header + csvRows(page, options);
    header = "";
    if (text) yield text;
  }
  if (header) yield header;
}

/** The BOM and the header row, in the file's language. */
function csvHeader({ language, timeZone }: CsvOptions): string {
  const headers = CSV_COPY[language].headers;
  const header = COLUMNS.map((column) => headers[column].replace("{{zone}}", timeZoneCity(timeZone)));
  return `\ufeff${header.map(csvCell).join(",")}\r\n`;
}

/** A row per reservation, each ending with its line break. */
function csvRows(rows: Reservation[], { language, timeZone }: CsvOptions): string {
  const copy = CSV_COPY[language];
  const lines = rows.map((r) => {
    const cells: Record<Column, string | number | null> = {
      reference: r.reference,
      status: copy.status[r.status],
      source: copy.source[r.source],
      created_at: localStamp(r.created_at, timeZone),
      vehicle: r.vehicle.name,
      place_of_departure: r.place_of_departure,
      date_of_departure: r.date_of_departure,
      time_of_departure: r.time_of_departure,
      arrival_place: r.arrival_place,
      date_of_arrival: r.date_of_arrival,
      time_of_arrival: r.time_of_arrival,
      name: r.name,
      last_name: r.last_name,
      email: r.email,
      phone: r.phone,
      driver_birth_date: r.driver_birth_date,
      number_person: r.number_person,
      number_bag: r.number_bag,
      // In the file's language, whichever one each booking was made in (its lines keep both names).
      addons: r.addons.map((line) => `${addonLineName(line, language)} x${line.quantity}`).join("; "),
      days: r.days,
      rental: amount(r.rental_cents),
      discount: amount(r.discount_cents),
      fees: amount(r.fees_cents),
      // An agreed price's difference from the rules' lines (negative: taken off), so they add up to its subtotal.
      adjustment: amount(r.adjustment_cents),
      subtotal: amount(r.subtotal_cents),
      tax: amount(r.tax_cents),
      total: amount(r.total_cents),
      list_total: amount(r.price_override?.list_total_cents ?? null),
      price_reason: r.price_override?.reason ?? "",
      currency: r.currency,
      cancellation_fee: amount(r.cancellation_fee_cents),
      cancelled_by: r.cancelled_by ? copy.cancelledBy[r.cancelled_by] : "",
      deposit: amount(r.deposit_cents),
      // The money actually taken through Nelly (issue 27): blank for a booking paid only at the counter.
      paid_online: amount(r.payment ? r.payment.paid_cents : null),
      refunded: amount(r.payment ? refundedOnlineCents(r) : null),
      deposit_charged: amount(r.payment ? r.payment.captured_cents : null),
      received: amount(r.payment ? receivedCents(r, r.payment) : null),
      // The return's charges the customer accepted (with their tax), what was taken and given back by
      // hand (at the counter, or a transfer the owner recorded), and what is left.
      return_charges: amount(r.settlement.charges_cents),
      received_by_hand: amount(sumOfAmounts(r.settlement.received)),
      refunded_by_hand: amount(sumOfAmounts(r.settlement.refunded_by_hand)),
      outstanding: amount(r.settlement.outstanding_cents),
      description: r.description,
    };
    return `${COLUMNS.map((column) => csvCell(cells[column])).join(",")}\r\n`;
  });
  return lines.join("");
}
