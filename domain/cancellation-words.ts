import type { Language } from "@domain/languages";
import type { PublicPayment } from "@domain/payments";

/**
 * The words of the cancellation policy: the site's review and FAQ, the booking's emails and its
 * agreement say it alike (a walk's finding: the emails worded it otherwise, and said a card's fee
 * never exceeds what was paid online, where it is capped at the total). In a module of its own so
 * that only the pages that show it carry it: the vehicle list's script is at its budget
 * (docs/performance.md).
 */
const es = {
  title: "Política de cancelación",
  lines: (late: string, early: string, hours: number, paid: string) => [
    "Mientras la reserva no esté confirmada, cancelarla no tiene cargo.",
    `Una vez confirmada: ${early} si cancelas más de ${hours} horas antes de la recogida.`,
    `${upperFirst(late)} si cancelas dentro de las ${hours} horas antes de la recogida.`,
    "El cargo nunca supera el total de la reserva.",
    paid,
    "Después de la hora de recogida la reserva ya no se cancela en línea, y no presentarse o devolver el vehículo antes de tiempo no descuenta nada.",
  ],
  /** What becomes of the money paid when booking if the booking is cancelled, by how the landing takes it. */
  paid: {
    card: "Lo que pagues en línea vuelve a tu tarjeta si cancelas, menos el cargo que corresponda.",
    transfer: (share: string, company: string) =>
      `Al reservar transfieres ${share}: si cancelas, ${company} te devuelve por transferencia lo que quede tras el cargo que corresponda.`,
    atPickup: "Nada se cobra en línea: pagas en la recogida, y la empresa te dirá cómo pagar un cargo si corresponde.",
    wholeTotal: "el total",
    percentOfTotal: (percent: number) => `el ${percent} % del total`,
  },
  /** A fee of nothing, in a line of the policy ("Una vez confirmada: sin cargo si cancelas…"). */
  free: "sin cargo",
  /** The pickup is already inside the window: the late fee is what cancelling would cost from the start. */
  lateFromTheStart: (fee: string, hours: number) =>
    `Tu recogida es dentro de las próximas ${hours} horas: una vez confirmada la reserva, cancelarla cuesta ${fee}.`,
};

export type PolicyWords = typeof es;

const en: PolicyWords = {
  title: "Cancellation policy",
  lines: (late, early, hours, paid) => [
    "Until the booking is confirmed, cancelling it has no fee.",
    `Once it is confirmed: ${early} if you cancel more than ${hours} hours before pickup.`,
    `${upperFirst(late)} if you cancel within ${hours} hours of pickup.`,
    "The fee never exceeds the booking total.",
    paid,
    "After the pickup time the booking can no longer be cancelled online, and a no-show or an early return takes nothing off.",
  ],
  paid: {
    card: "What you pay online comes back to your card if you cancel, less the fee that applies.",
    transfer: (share, company) =>
      `When booking you transfer ${share}: if you cancel, ${company} sends back by transfer what is left after the fee that applies.`,
    atPickup:
      "Nothing is charged online: you pay at pickup, and the company will tell you how to pay a fee if one applies.",
    wholeTotal: "the total",
    percentOfTotal: (percent) => `${percent} % of the total`,
  },
  free: "free",
  lateFromTheStart: (fee, hours) =>
    `Your pickup is less than ${hours} hours away: once the booking is confirmed, cancelling it costs ${fee}.`,
};

export const cancellationPolicyWords: Record<Language, PolicyWords> = { es, en };

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The policy's lines for its fees and window, a fee of nothing said as free (a walk's finding:
 * "US$0.00 if you cancel more than 48 hours before pickup"), and `paid`, the line on what becomes
 * of the money paid when booking. The site, the owner's preview and the emails say it alike.
 */
export function policyLines(
  words: PolicyWords,
  policy: { lateFeeCents: number; earlyFeeCents: number; windowHours: number },
  money: (cents: number) => string,
  paid: string,
): string[] {
  const fee = (cents: number) => (cents === 0 ? words.free : money(cents));
  return words.lines(fee(policy.lateFeeCents), fee(policy.earlyFeeCents), policy.windowHours, paid);
}

/** How a landing takes the money paid when booking, as far as its policy's words depend on it. */
type PaidWhenBooking = Pick<PublicPayment, "prepay" | "prepay_percent" | "prepay_amount_cents" | "channel">;

/**
 * The policy's line on what becomes of the money paid when booking, by how the landing takes it:
 * the site's review and FAQ say it, and the owner's rules tab shows it as they will. `share` is the
 * booking's own amount when its total is known (the review); else the landing's rule is said.
 */
export function paidWhenBookingLine(
  words: PolicyWords,
  payment: PaidWhenBooking,
  company: string,
  money: (cents: number) => string,
  share?: string,
): string {
  if (payment.prepay === "none") return words.paid.atPickup;
  if (payment.channel === "card") return words.paid.card;
  const rule =
    payment.prepay === "percent"
      ? words.paid.percentOfTotal(payment.prepay_percent)
      : payment.prepay === "fixed"
        ? money(payment.prepay_amount_cents)
        : words.paid.wholeTotal;
  return words.paid.transfer(share ?? rule, company);
}
