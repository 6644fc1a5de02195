import { z } from "zod";
import type { ApiMessageKey } from "./messages";

/** The largest id or count a PostgreSQL `integer` column holds. */
export const INT_MAX = 2_147_483_647;

/** Decimal digits as a form sends them: "3", " 12 ", "-2", "18.5"; never "0x3", "1e3" or "". */
const DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A number as a client may send it: a JSON number, or decimal digits in a string (multipart forms
 * and query strings carry only strings). Anything else is refused with `invalid` rather than
 * coerced: `true` is not 1, `[3]` and `"0x3"` are not 3, and `1e999` (read as Infinity) is not a
 * number at all (issue 23). A missing value says `required`. Chain `.pipe(z.number()...)` for bounds.
 */
export function numberInput(messages: { required: ApiMessageKey; invalid: ApiMessageKey }) {
  // A union of the two plain types, then one check: a form's "" or "abc" gets one issue with our
  // message (form libraries show a union's first branch's issue, in zod's own words).
  return z
    .union([z.number(), z.string()], {
      error: (issue) => (issue.input === undefined ? messages.required : messages.invalid),
    })
    .transform((value, ctx) => {
      if (typeof value === "number" ? Number.isFinite(value) : DECIMAL.test(value)) return Number(value);
      ctx.addIssue({ code: "custom", message: messages.invalid });
      return z.NEVER;
    });
}

/** A whole number from `min` to `max`, each refusal saying `message` (a missing one `required`). */
export const wholeNumberInput = (
  min: number,
  max: number,
  message: ApiMessageKey,
  required: ApiMessageKey = "required",
) => numberInput({ required, invalid: message }).pipe(z.number().int(message).min(min, message).max(max, message));

/** The id of a row: a whole number from 1 to INT_MAX (a larger one would not even reach the database). */
export const idInput = (message: ApiMessageKey, required: ApiMessageKey = "required") =>
  wholeNumberInput(1, INT_MAX, message, required);
