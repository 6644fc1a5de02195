import { z } from "zod";
import type { ApiMessageKey } from "./messages";
import { parseMoney } from "./money";

type MoneyFieldOptions = {
  /** Message when nothing was typed; without it an empty field is 0. */
  required?: ApiMessageKey;
  /** Message for text that is not an amount (and for 0 when `positive`). */
  invalid: ApiMessageKey;
  positive?: boolean;
  maxCents: number;
  tooHigh: ApiMessageKey;
};

/** A money field of a form or a JSON body (text as people type it, or a number) -> integer cents. */
export function moneyField({ required, invalid: invalidKey, positive = false, maxCents, tooHigh }: MoneyFieldOptions) {
  return z.union([z.string(), z.number()], required ?? invalidKey).transform((value, ctx) => {
    const empty = typeof value === "string" && value.trim() === "";
    if (empty && !required) return 0;
    const parsed = empty ? ({ ok: false, reason: "invalid" } as const) : parseMoney(value);
    const fail = (message: ApiMessageKey) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (empty && required) return fail(required);
    // Too many digits is an amount too high, said as one (not "enter an amount greater than zero").
    if (!parsed.ok && parsed.reason === "tooLarge") return fail(tooHigh);
    if (!parsed.ok && parsed.reason === "subCent") return fail("priceSubCent");
    if (!parsed.ok) return fail(parsed.reason === "ambiguous" ? "priceAmbiguous" : invalidKey);
    if (positive && parsed.cents <= 0) return fail(invalidKey);
    if (parsed.cents > maxCents) return fail(tooHigh);
    return parsed.cents;
  });
}
