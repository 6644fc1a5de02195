import { z } from "zod";
import { colorSchema, landingNameProblem, languageSchema } from "../../../domain/landings";

/** A name field's rule in a form: the domain's problems as message keys, the text kept as typed. */
export const landingNameField = z.string().superRefine((name, ctx) => {
  const problem = landingNameProblem(name);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** Step "Logo & Colores" (SPEC §2); the logo is a file kept beside the form. */
export const wizardSchema = z.object({
  name: landingNameField,
  color_primary: colorSchema,
  color_secondary: colorSchema,
  default_language: languageSchema,
});

export type WizardInput = z.input<typeof wizardSchema>;
export type WizardOutput = z.output<typeof wizardSchema>;

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
