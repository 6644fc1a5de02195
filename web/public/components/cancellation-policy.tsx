import { cancellationCharge } from "@domain/cancellation";
import { cancellationPolicyWords, paidWhenBookingLine, policyLines } from "@domain/cancellation-words";
import { prepaymentCents } from "@domain/prepayment";
import { cancellationPolicyOf, landingRulesOf } from "@domain/rental-rules";
import { formatMoney } from "@web/lib/format";
import * as lucide from "lucide-react";
import { usePage } from "../context";
import { keptIcon } from "./icons";

const ShieldAlert = keptIcon(lucide.ShieldAlert);

/**
 * The landing's cancellation policy (its fees and window, issue 10), in its currency, next to the
 * reserve button; and what happens to money paid when booking, by the landing's own payment
 * settings (issue 27), which every page has from the server: a card payment goes back to the
 * card, a transfer is sent back by the company, and with all paid at pickup nothing is taken online.
 */
export function CancellationPolicy({
  currency,
  level = 3,
  totalCents,
  pickup,
}: {
  currency: string;
  level?: 2 | 3;
  /** The booking's total (the review): the transfer's share is said as an amount, not a rule. */
  totalCents?: number;
  /**
   * The booking's pickup and the page's clock (the review): a pickup already inside the window is
   * said first, with the fee cancelling would cost, rather than left to the traveller's arithmetic.
   */
  pickup?: { at: Date; now: Date };
}) {
  // Under the page's h1 (the FAQ) it is a section of its own; in the review's contact form, a part of it.
  const Heading = level === 2 ? "h2" : "h3";
  const { data } = usePage();
  const words = cancellationPolicyWords[data.language];
  const policy = cancellationPolicyOf(landingRulesOf(data.landing.rules));
  const money = (cents: number) => formatMoney(cents, currency, data.language);
  const { payment } = data.landing;
  const share =
    totalCents !== undefined
      ? money(
          prepaymentCents(
            {
              prepay: payment.prepay,
              prepayPercent: payment.prepay_percent,
              prepayFixedCents: payment.prepay_amount_cents,
            },
            totalCents,
          ),
        )
      : undefined;
  const paid = paidWhenBookingLine(words, payment, data.landing.display_name, money, share);
  const lateNow =
    pickup && totalCents !== undefined
      ? cancellationCharge({ totalCents, pickupAt: pickup.at, confirmed: true }, pickup.now, policy)
      : null;
  return (
    <section
      className="rounded-xl border border-gray-200 bg-gray-50 px-3 py-4 sm:p-4"
      aria-labelledby="cancellation-policy"
      data-testid="cancellation-policy"
    >
      <Heading id="cancellation-policy" className="flex items-center gap-2 font-semibold">
        <ShieldAlert aria-hidden="true" className="size-5 text-(--accent-ink) cramped:hidden" />
        {/* A word longer than the line (200 % text on a phone) breaks rather than run out of the box. */}
        <span className="min-w-0">{words.title}</span>
      </Heading>
      {lateNow?.rule === "late" && lateNow.feeCents > 0 && (
        <p
          className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
          data-testid="cancellation-late-now"
        >
          {words.lateFromTheStart(money(lateNow.feeCents), policy.windowHours)}
        </p>
      )}
      <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm text-gray-700">
        {policyLines(words, policy, money, paid).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
