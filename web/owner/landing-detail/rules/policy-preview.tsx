import { DEFAULT_CANCELLATION_POLICY } from "@domain/cancellation";
import type { Language } from "@domain/languages";
import { formatMoney } from "@web/lib/format";
import { ShieldCheck } from "lucide-react";
import { type Control, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type RulesValues, typedCents, typedWhole } from "./rules-values";

/**
 * The cancellation policy as visitors will read it, written from the values being typed (the
 * public site generates it from the same three numbers). Says so while a value is not valid yet.
 */
export function PolicyPreview({
  control,
  currency,
  language,
}: {
  control: Control<RulesValues>;
  currency: string;
  language: Language;
}) {
  const { t } = useTranslation("landings");
  const [late, early, window] = useWatch({
    control,
    name: ["cancellation_late_fee", "cancellation_early_fee", "cancellation_window_hours"],
  });
  const lateCents = late?.trim() === "" ? 0 : typedCents(late);
  const earlyCents = early?.trim() === "" ? 0 : typedCents(early);
  // Left empty, the window is saved as the default (landingRulesInputSchema).
  const hours = window?.trim() === "" ? DEFAULT_CANCELLATION_POLICY.windowHours : typedWhole(window);
  const ready = lateCents !== null && earlyCents !== null && hours !== null && hours > 0;
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
          <li>{t("rules.policyUnconfirmed")}</li>
          <li>{t("rules.policyEarly", { fee: formatMoney(earlyCents, currency, language), hours })}</li>
          <li>{t("rules.policyLate", { fee: formatMoney(lateCents, currency, language), hours })}</li>
          <li>{t("rules.policyCap")}</li>
          <li>{t("rules.policyNoShow")}</li>
        </ul>
      ) : (
        <p className="mt-2 text-sm text-gray-600">{t("rules.policyPending")}</p>
      )}
    </section>
  );
}
