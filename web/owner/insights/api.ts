import type { Charts, Funnel, Summary } from "@domain/insights";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";

/** Every query of the home page lives under ["insights", ...]: live updates refresh them all. */
export const INSIGHTS_KEY = ["insights"] as const;

/** One landing's id, or null for all of the owner's landings. */
export type LandingScope = number | null;

const scopeParams = (landing: LandingScope, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams(extra);
  if (landing !== null) params.set("landing", String(landing));
  const text = params.toString();
  return text ? `?${text}` : "";
};

export const summaryQuery = (landing: LandingScope) =>
  queryOptions({
    queryKey: [...INSIGHTS_KEY, "summary", landing],
    queryFn: ({ signal }) => apiRequest<Summary>(`/api/insights/summary${scopeParams(landing)}`, { signal }),
  });

export const chartsQuery = (landing: LandingScope) =>
  queryOptions({
    queryKey: [...INSIGHTS_KEY, "charts", landing],
    queryFn: ({ signal }) => apiRequest<Charts>(`/api/insights/charts${scopeParams(landing)}`, { signal }),
  });

export const funnelQuery = (landing: LandingScope, period: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...INSIGHTS_KEY, "funnel", landing, period.from, period.to],
    queryFn: ({ signal }) => apiRequest<Funnel>(`/api/insights/funnel${scopeParams(landing, period)}`, { signal }),
  });
