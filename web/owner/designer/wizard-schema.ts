import { colorSchema, displayNameSchema, languageSchema } from "@domain/landings";
import { z } from "zod";
import { regionFormShape, slugField } from "../landings";

/**
 * Step "Logo & Colores" (SPEC §2): the business name, its address, colours and language, and the
 * region the landing starts with (Nelly's defaults unless changed); the logo is a file kept beside the form.
 */
export const wizardSchema = z.object({
  display_name: displayNameSchema,
  name: slugField,
  color_primary: colorSchema,
  color_secondary: colorSchema,
  default_language: languageSchema,
  ...regionFormShape,
  /** Not shown: whether the owner typed an address of their own (else it follows the name), kept with a draft. */
  slug_edited: z.boolean(),
  /** Not shown: the name of the logo chosen ("" for none); a draft cannot keep the file itself. */
  logo_file: z.string(),
});

export type WizardInput = z.input<typeof wizardSchema>;
export type WizardOutput = z.output<typeof wizardSchema>;
