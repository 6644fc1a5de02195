import { ADDON_KINDS } from "@domain/addons";
import {
  ADDON_NAME_MAX,
  ADDONS_MAX,
  addonMaxSchema,
  addonNameSchema,
  colorSchema,
  displayNameSchema,
  languageSchema,
  priceSchema,
} from "@domain/landings";
import type { ApiMessageKey } from "@domain/messages";
import { regionFormShape, slugField } from "@web/owner/landings";
import { z } from "zod";

const m = (key: ApiMessageKey) => key;

/**
 * The Configuración tab: the domain's rules, with numbers kept as the text the owner typed.
 * Add-on prices are read like the server reads them ("1,250.50", "1.250,50", "US$ 45" -> cents;
 * "1,250" is refused as ambiguous).
 */
export const configFormSchema = z.object({
  display_name: displayNameSchema,
  name: slugField,
  color_primary: colorSchema,
  color_secondary: colorSchema,
  default_language: languageSchema,
  ...regionFormShape,
  addons: z
    .array(
      z.object({
        /** The saved add-on this row edits (none for a new one): saved, it keeps its id. */
        addon_id: z.number().int().optional(),
        name: addonNameSchema,
        /** The name in the landing's other language ("" for none). */
        other_name: z.string().trim().max(ADDON_NAME_MAX, m("addonNameTooLong")),
        price: priceSchema,
        kind: z.enum(ADDON_KINDS),
        max_quantity: addonMaxSchema,
      }),
    )
    .max(ADDONS_MAX, m("addonsTooMany")),
  /**
   * Not shown, kept with the values (and so with their draft): the landing's version they were
   * read at, which a save sends, so a draft typed before someone else saved is refused (409).
   */
  version: z.number().int(),
  /** The name of a logo chosen and not saved yet ("" for none): a draft cannot keep the file itself. */
  logo_file: z.string(),
});

export type ConfigInput = z.input<typeof configFormSchema>;
export type ConfigOutput = z.output<typeof configFormSchema>;
