import { idInput } from "@domain/number-input";
import { z } from "zod";

/** Error bodies of PRODUCT §9, for the OpenAPI document. */
export const messageSchema = z.object({ message: z.string() });
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  /** The rental rules that refused a booking or quote (issue 10), when any did. */
  rules: z.array(z.string()).optional(),
});
/** A refusal that may name the rule behind it (a booking's 409 names `availability`). */
export const ruleMessageSchema = messageSchema.extend({ rules: z.array(z.string()).optional() });

/** A landing name in a path: a slug, so nothing else ever reaches a query. */
export const slugParam = z
  .string()
  .max(100, "notFound")
  .regex(/^[a-z0-9-]+$/, "notFound");

/** An id in a path or query: digits only (never "0x3" or "1e3"), within a PostgreSQL integer. */
export const idParam = idInput("invalid", "invalid");

export const errorResponses = {
  401: messageSchema.describe("Not signed in, or the session expired"),
  403: messageSchema.describe("Not allowed (another owner's id, or CSRF check failed)"),
  422: validationErrorSchema.describe("Invalid input, with messages per field"),
} as const;
