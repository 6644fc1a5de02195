import { withoutDirectionControls } from "../../domain/plain-text";
import type { Reservation } from "../../domain/reservations";

const HEADER = [
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
  "number_person",
  "number_bag",
  "addons",
  "days",
  "rental",
  "discount",
  "fees",
  "subtotal",
  "tax",
  "total",
  "list_total",
  "price_reason",
  "currency",
  "cancellation_fee",
  "deposit",
  "description",
];

/**
 * One CSV cell: quoted when it holds a separator, a quote or a line break; and a leading = + - @
 * (or tab/CR) neutralised, so a customer's comment cannot run as a formula in a spreadsheet.
 * Direction controls are dropped (a row stored before they were refused cannot reverse a column).
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? "" : withoutDirectionControls(String(value));
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const amount = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));
/** Codes like the status column's: a booking from the site is "web", one the owner took is "manual". */
const SOURCE_CODES: Record<Reservation["source"], string> = { public: "web", manual: "manual" };

/** The reservations as CSV (RFC 4180, CRLF lines, UTF-8 with a BOM so spreadsheets read accents). */
export function reservationsCsv(rows: Reservation[]): string {
  const lines = rows.map((r) =>
    [
      r.reference,
      r.status,
      SOURCE_CODES[r.source],
      r.created_at,
      r.vehicle.name,
      r.place_of_departure,
      r.date_of_departure,
      r.time_of_departure,
      r.arrival_place,
      r.date_of_arrival,
      r.time_of_arrival,
      r.name,
      r.last_name,
      r.email,
      r.phone,
      r.number_person,
      r.number_bag,
      r.addons.map((line) => `${line.name} x${line.quantity}`).join("; "),
      r.days,
      amount(r.rental_cents),
      amount(r.discount_cents),
      amount(r.fees_cents),
      amount(r.subtotal_cents),
      amount(r.tax_cents),
      amount(r.total_cents),
      amount(r.price_override?.list_total_cents ?? null),
      r.price_override?.reason ?? "",
      r.currency,
      amount(r.cancellation_fee_cents),
      amount(r.deposit_cents),
      r.description,
    ]
      .map(csvCell)
      .join(","),
  );
  return `\ufeff${[HEADER.join(","), ...lines].join("\r\n")}\r\n`;
}
