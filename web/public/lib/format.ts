/**
 * Kept for price-breakdown.tsx only, which the price-breakdown task rewrites: money and rates are
 * written by web/lib/format.ts, for this site and the dashboard alike.
 */
export { formatMoney, formatRate } from "@web/lib/format";
