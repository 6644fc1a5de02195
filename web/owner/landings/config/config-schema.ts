import { z } from "zod";
import {
  ADDONS_MAX,
  addonSchema,
  colorSchema,
  currencySchema,
  languageSchema,
  priceSchema,
  TAX_LABEL_MAX,
  taxRateSchema,
  timeZoneSchema,
} from "../../../../domain/landings";
import type { ApiMessageKey } from "../../../../domain/messages";
import { landingNameField } from "../../designer/wizard-schema";

const m = (key: ApiMessageKey) => key;
/** "18,5" is how many people type a decimal. */
const decimal = (text: string) => text.trim().replace(",", ".");

/** The Configuración tab: the domain's rules, with numbers kept as the text the owner typed. */
export const configFormSchema = z.object({
  name: landingNameField,
  color_primary: colorSchema,
  color_secondary: colorSchema,
  default_language: languageSchema,
  time_zone: timeZoneSchema,
  currency: currencySchema,
  tax_label: z.string().trim().min(1, m("required")).max(TAX_LABEL_MAX, m("taxLabelTooLong")),
  tax_rate: z
    .string()
    .trim()
    .min(1, { error: m("required"), abort: true })
    .refine((text) => taxRateSchema.safeParse(decimal(text)).success, m("taxRateInvalid")),
  addons: z
    .array(
      z.object({
        name: addonSchema.shape.name,
        price: z
          .string()
          .trim()
          .min(1, { error: m("required"), abort: true })
          .refine((text) => priceSchema.safeParse(decimal(text)).success, m("priceInvalid")),
      }),
    )
    .max(ADDONS_MAX, m("addonsTooMany")),
});

export type ConfigInput = z.input<typeof configFormSchema>;
export type ConfigOutput = z.output<typeof configFormSchema>;
