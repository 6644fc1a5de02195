import { toInstant } from "@domain/rental-time";
import { usePage } from "../context";
import type { PublicPageData } from "../types";
import { useHydrated } from "./use-hydrated";

/**
 * The page's clock for the rules (lead time, horizon). The server's HTML and the browser's first
 * render both use the start of the landing's `today`, so hydration sees the same verdicts; once
 * the page has JavaScript, the real time takes over (a lead time counted in hours can then show).
 */
export function pageStartOfDay(data: Pick<PublicPageData, "today" | "landing">): Date {
  return toInstant({ date: data.today, time: "00:00" }, data.landing.time_zone) ?? new Date(`${data.today}T00:00:00Z`);
}

export function usePageNow(): Date {
  const { data } = usePage();
  const hydrated = useHydrated();
  return hydrated ? new Date() : pageStartOfDay(data);
}
