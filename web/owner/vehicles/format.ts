import { useQuery } from "@tanstack/react-query";
import { DEFAULT_CURRENCY } from "../../../domain/landings";
import type { Language } from "../../../domain/languages";
import { formatMoney } from "../../../domain/money";
import { useSession } from "../auth/session-store";
import { landingQuery } from "../landings/api";

/** The conventions money is shown in (domain/money.ts): Dominican Spanish and US English. */
const LOCALES: Record<Language, string> = { es: "es-DO", en: "en-US" };

/** Money in the dashboard's language and the landing's currency: "US$1,250.00" (es), "$1,250.00" (en). */
export const money = (cents: number, currency: string, language: Language) => {
  try {
    return formatMoney(cents, currency, language);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
};

/** A saved amount as it goes back into an input: grouped, two decimals, no sign ("1,250.50"). */
export const amountInputText = (cents: number, language: Language) =>
  new Intl.NumberFormat(LOCALES[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);

/** The currency's sign alone, for the adornment of a price input ("US$" in Spanish, "$" in English). */
export function currencySymbol(currency: string, language: Language): string {
  try {
    return (
      new Intl.NumberFormat(LOCALES[language], { style: "currency", currency })
        .formatToParts(0)
        .find((part) => part.type === "currency")?.value ?? currency
    );
  } catch {
    return currency;
  }
}

/** The landing the fleet belongs to, as the landing screens have it (shared cache). */
export function useFleetLanding(landingId: number) {
  const session = useSession();
  const userId = session?.userId ?? 0;
  return useQuery({ ...landingQuery(userId, landingId), enabled: userId > 0 && landingId > 0 });
}

/** The landing's currency (its pricing settings), USD until the landing has loaded. */
export function useLandingCurrency(landingId: number): string {
  return useFleetLanding(landingId).data?.currency ?? DEFAULT_CURRENCY;
}
