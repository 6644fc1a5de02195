import { useQuery } from "@tanstack/react-query";
import { DEFAULT_CURRENCY } from "../../../domain/landings";
import { useSession } from "../auth/session-store";
import { landingQuery } from "../landings/api";

/** Money in the dashboard's language and the landing's currency ("US$45.50", "$45.50"). */
export function formatMoney(amount: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: "currency", currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** The currency's sign alone, for the adornment of a price input. */
export function currencySymbol(currency: string, language: string): string {
  try {
    return (
      new Intl.NumberFormat(language, { style: "currency", currency })
        .formatToParts(0)
        .find((part) => part.type === "currency")?.value ?? currency
    );
  } catch {
    return currency;
  }
}

/** The landing's currency (its pricing settings), USD until the landing has loaded. */
export function useLandingCurrency(landingId: number): string {
  const session = useSession();
  const userId = session?.userId ?? 0;
  const landing = useQuery({ ...landingQuery(userId, landingId), enabled: userId > 0 && landingId > 0 });
  return landing.data?.currency ?? DEFAULT_CURRENCY;
}
