import type { Reservation } from "@domain/reservations";
import { ruleMessages, translateRule } from "@domain/rule-messages";
import { currentLanguage } from "@web/i18n/setup";
import { ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";

const isRuleKey = (key: string): key is keyof (typeof ruleMessages)["en"] => key in ruleMessages.en;

/**
 * A manual booking made against the owner's own rules (issue 25.13): each rule it skipped, worded
 * as when it was booked but in today's language, and why, as the agreed price shows its reason.
 */
export function RulesOverrideNote({ override }: { override: NonNullable<Reservation["rules_override"]> }) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  return (
    <div
      className="flex gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset"
      data-testid="reservation-rules-override"
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <div className="min-w-0">
        <p className="font-medium">{t("detail.rulesSkipped")}</p>
        <ul className="mt-1 list-disc pl-5">
          {override.rules.map((rule) => (
            <li key={`${rule.rule}-${rule.key}`}>
              {isRuleKey(rule.key) ? translateRule(language, rule.key, rule.params) : rule.rule}
            </li>
          ))}
        </ul>
        <p className="mt-1 break-words">{t("detail.rulesReason", { reason: override.reason })}</p>
      </div>
    </div>
  );
}
