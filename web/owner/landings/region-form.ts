import { currencySchema, TAX_LABEL_MAX, taxRateSchema, timeZoneSchema } from "@domain/landings";
import type { ApiMessageKey } from "@domain/messages";
import { z } from "zod";

const m = (key: ApiMessageKey) => key;
/** The tax rate as the owner typed it, as the server reads it: "18,5" is how many people type 18.5. */
export const taxRateText = (text: string) => text.trim().replace(",", ".");

/**
 * A landing's time zone, currency and tax as a form holds them (the tax rate kept as the text
 * typed), checked by the server's own rules: the wizard and Configuración share them.
 */
export const regionFormShape = {
  time_zone: timeZoneSchema,
  currency: currencySchema,
  tax_label: z.string().trim().min(1, m("required")).max(TAX_LABEL_MAX, m("taxLabelTooLong")),
  tax_rate: z
    .string()
    .trim()
    .min(1, { error: m("required"), abort: true })
    .refine((text) => taxRateSchema.safeParse(taxRateText(text)).success, m("taxRateInvalid")),
};

export type RegionField = keyof typeof regionFormShape;
export const REGION_FIELDS = [
  "time_zone",
  "currency",
  "tax_label",
  "tax_rate",
] as const satisfies readonly RegionField[];
