import { cancellationPolicyOf, landingRulesOf } from "@domain/rental-rules";
import { formatMoney } from "@web/lib/format";
import * as lucide from "lucide-react";
import { usePage } from "../context";
import { keptIcon } from "./icons";

const ShieldAlert = keptIcon(lucide.ShieldAlert);

/** The landing's cancellation policy (its fees and window, issue 10), in its currency, next to the reserve button. */
export function CancellationPolicy({
  currency,
  level = 3,
  paidOnline = false,
}: {
  currency: string;
  level?: 2 | 3;
  /** The booking pays something online (issue 27): the fee is kept from it, the rest goes back. */
  paidOnline?: boolean;
}) {
  // Under the page's h1 (the FAQ) it is a section of its own; in the review's contact form, a part of it.
  const Heading = level === 2 ? "h2" : "h3";
  const { data, t } = usePage();
  const policy = cancellationPolicyOf(landingRulesOf(data.landing.rules));
  const money = (cents: number) => formatMoney(cents, currency, data.language);
  return (
    <section
      className="rounded-xl border border-gray-200 bg-gray-50 p-4"
      aria-labelledby="cancellation-policy"
      data-testid="cancellation-policy"
    >
      <Heading id="cancellation-policy" className="flex items-center gap-2 font-semibold">
        <ShieldAlert aria-hidden="true" className="size-5 text-(--accent-ink)" />
        {t.review.policyTitle}
      </Heading>
      <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm text-gray-700">
        {t.review
          .policy(money(policy.lateFeeCents), money(policy.earlyFeeCents), policy.windowHours, paidOnline)
          .map((line) => (
            <li key={line}>{line}</li>
          ))}
      </ul>
    </section>
  );
}
