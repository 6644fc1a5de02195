import { DEFAULT_CURRENCY } from "@domain/landings";
import { useQuery } from "@tanstack/react-query";
import { useSession } from "../auth";
import { landingQuery } from "../landings";

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
