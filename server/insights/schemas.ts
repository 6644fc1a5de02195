import { isIsoDate } from "@domain/rental-time";
import { z } from "zod";
import { idParam } from "../http/schemas";
import { MAX_FUNNEL_DAYS } from "./funnel";

/** `?landing=<id>`: one of the owner's landings; without it, all of them. */
export const scopeQuery = z.object({ landing: idParam.optional() });

const isoDate = z.string().refine(isIsoDate, "dateInvalid");
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The funnel's period: both ends included, `from` not after `to`, at most 366 days. */
export const funnelQuery = scopeQuery
  .extend({ from: isoDate.optional(), to: isoDate.optional() })
  .superRefine((query, context) => {
    if (!query.from || !query.to || !isIsoDate(query.from) || !isIsoDate(query.to)) return;
    const days = daysBetween(query.from, query.to) + 1;
    if (days < 1 || days > MAX_FUNNEL_DAYS) context.addIssue({ code: "custom", path: ["to"], message: "invalid" });
  });

// The answers' shapes live in domain/insights.ts, shared with the dashboard that reads them.
export { chartsResponse, funnelResponse, summaryResponse } from "@domain/insights";
