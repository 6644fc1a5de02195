import type { MoneyByCurrency } from "@domain/customers";
import { formatDate } from "@domain/date-format";
import type { Language } from "@domain/languages";
import { currentLanguage } from "@web/i18n/setup";
import { formatMoney } from "@web/lib/format";
import { Badge } from "@web/ui/badge";
import { Ban, UserX } from "lucide-react";
import { useTranslation } from "react-i18next";

/** "No rentar" in red, and "Datos eliminados" in grey: what the owner must see before anything else. */
export function CustomerBadges({ doNotRent, erased }: { doNotRent: boolean; erased: boolean }) {
  const { t } = useTranslation("customers");
  return (
    <>
      {doNotRent && (
        <Badge tone="red" className="gap-1">
          <Ban aria-hidden="true" className="size-3" />
          {t("badge.doNotRent")}
        </Badge>
      )}
      {erased && (
        <Badge tone="gray" className="gap-1">
          <UserX aria-hidden="true" className="size-3" />
          {t("badge.erased")}
        </Badge>
      )}
    </>
  );
}

/** A customer's name, or "Cliente eliminado" once their data is gone. */
export function useCustomerName() {
  const { t } = useTranslation("customers");
  return (customer: { name: string; erased: boolean }) => (customer.erased ? t("erased") : customer.name);
}

/** What they spent, one amount per currency (never added across currencies); "—" when nothing. */
export function Spent({ spent, className }: { spent: MoneyByCurrency; className?: string }) {
  const { t } = useTranslation("customers");
  const language = currentLanguage();
  if (spent.length === 0) return <span className={className}>{t("none")}</span>;
  return (
    <span className={className}>
      {spent.map((amount) => (
        <span key={amount.currency} className="block whitespace-nowrap tabular-nums">
          {formatMoney(amount.cents, amount.currency, language)}
        </span>
      ))}
    </span>
  );
}

/** The day a moment falls on, on the owner's own clock, as yyyy-mm-dd. */
export function localDay(at: Date): string {
  return [at.getFullYear(), at.getMonth() + 1, at.getDate()].map((part) => String(part).padStart(2, "0")).join("-");
}

/** A day (yyyy-mm-dd) on a landing's calendar, in the dashboard's date format. */
export const bookingDay = (day: string | null, language: Language, none: string): string =>
  day ? formatDate(day, language) : none;

/** An instant (ISO 8601) as the day it was on the owner's own clock, in the dashboard's date format. */
export function formatDay(instant: string | null, language: Language, none: string): string {
  if (!instant) return none;
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return none;
  return formatDate(localDay(at), language);
}
