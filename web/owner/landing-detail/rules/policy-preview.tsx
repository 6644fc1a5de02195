import { DEFAULT_CANCELLATION_POLICY } from "@domain/cancellation";
import { cancellationPolicyWords, paidWhenBookingLine, policyLines } from "@domain/cancellation-words";
import type { Landing } from "@domain/landings";
import type { Language } from "@domain/languages";
import { useQuery } from "@tanstack/react-query";
import { formatMoney } from "@web/lib/format";
import { useSession } from "@web/owner/auth";
import { ShieldCheck } from "lucide-react";
import { type Control, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { paymentsQuery } from "../payments/api";
import { type RulesValues, typedCents, typedWhole } from "./rules-values";

/**
 * The cancellation policy as visitors will read it, in the site's own words (`domain/cancellation-words.ts`),
 * written from the values being typed and the landing's payments (what becomes of money paid when
 * booking: a walk's finding, it said "nothing is charged online" whatever the "Pagos" tab took).
 * Says so while a value is not valid yet.
 */
export function PolicyPreview({
  control,
  landing,
  language,
}: {
  control: Control<RulesValues>;
  landing: Pick<Landing, "id" | "currency" | "display_name">;
  language: Language;
}) {
  const { t } = useTranslation("landings");
  const userId = useSession()?.userId ?? 0;
  const payments = useQuery({ ...paymentsQuery(userId, landing.id), enabled: userId > 0 });
  const [late, early, window] = useWatch({
    control,
    name: ["cancellation_late_fee", "cancellation_early_fee", "cancellation_window_hours"],
  });
  const lateCents = late?.trim() === "" ? 0 : typedCents(late);
  const earlyCents = early?.trim() === "" ? 0 : typedCents(early);
  // Left empty, the window is saved as the default (landingRulesInputSchema).
  const hours = window?.trim() === "" ? DEFAULT_CANCELLATION_POLICY.windowHours : typedWhole(window);
  const ready = lateCents !== null && earlyCents !== null && hours !== null && hours > 0;
  const words = cancellationPolicyWords[language];
  const money = (cents: number) => formatMoney(cents, landing.currency, language);
  // Until the payments arrive (or if they cannot), the policy without that line.
  const settings = payments.data?.settings;
  const paid = settings ? paidWhenBookingLine(words, settings, landing.display_name, money) : "";
  return (
    <section
      aria-labelledby="policy-preview-title"
      className="rounded-lg border border-gray-200 bg-gray-50 p-4"
      data-testid="policy-preview"
    >
      <h3 id="policy-preview-title" className="flex items-center gap-2 text-sm font-semibold text-gray-900">
        <ShieldCheck aria-hidden="true" className="size-4 text-brand-600" />
        {t("rules.policyPreview")}
      </h3>
      {ready ? (
        <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm text-gray-700" aria-live="polite">
          {policyLines(words, { lateFeeCents: lateCents, earlyFeeCents: earlyCents, windowHours: hours }, money, paid)
            .filter(Boolean)
            .map((line) => (
              <li key={line}>{line}</li>
            ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-gray-600">{t("rules.policyPending")}</p>
      )}
    </section>
  );
}
