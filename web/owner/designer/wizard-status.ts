import type { z } from "zod";
import type { SlugCheckState } from "../landings";
import { type WizardInput, wizardSchema } from "./wizard-schema";

/** What the bottom line can name: a step, or one field of it when only that field is concerned. */
export type WizardItem =
  | "name"
  | "address"
  | "logo"
  | "colors"
  | "colorPrimary"
  | "colorSecondary"
  | "language"
  | "region";

export type WizardStatus = {
  /** Left empty: still to fill in. */
  missing: WizardItem[];
  /** Filled in with something refused (too long, not a colour, a reserved address): to correct. */
  fix: WizardItem[];
  /** Which of the numbered sections are done (their tick). */
  complete: { name: boolean; logo: boolean; colors: boolean; language: boolean; region: boolean };
};

type FieldState = "ok" | "missing" | "fix";

/**
 * A field read with the wizard's own schema (the domain's rules, as Configuración and the server
 * read them): "required" is the schemas' message for an empty field, any other is a value to fix.
 */
function stateOf(schema: z.ZodType, value: unknown): FieldState {
  const result = schema.safeParse(value);
  if (result.success) return "ok";
  return result.error.issues[0]?.message === "required" ? "missing" : "fix";
}

/** Two colours said as one item when both are in the same state ("both colours"). */
function colorItems(primary: FieldState, secondary: FieldState, state: FieldState): WizardItem[] {
  if (primary === state && secondary === state) return ["colors"];
  if (primary === state) return ["colorPrimary"];
  if (secondary === state) return ["colorSecondary"];
  return [];
}

/** What step 1 still needs before Continuar, told apart between "missing" and "to fix". */
export function wizardStatus(values: WizardInput, hasLogo: boolean, check: SlugCheckState): WizardStatus {
  const shape = wizardSchema.shape;
  const displayName = stateOf(shape.display_name, values.display_name);
  // A taken address is only known from the server; it is filled in, so it is one to fix.
  const address = check.kind === "taken" ? "fix" : stateOf(shape.name, values.name);
  const primary = stateOf(shape.color_primary, values.color_primary);
  const secondary = stateOf(shape.color_secondary, values.color_secondary);
  const language = stateOf(shape.default_language, values.default_language);
  const region = [
    stateOf(shape.time_zone, values.time_zone),
    stateOf(shape.currency, values.currency),
    stateOf(shape.tax_label, values.tax_label),
    stateOf(shape.tax_rate, values.tax_rate),
  ];

  const missing: WizardItem[] = [];
  const fix: WizardItem[] = [];
  // The address is made from the name: with no name, "the name" is what is missing, not both.
  if (displayName === "missing") missing.push("name");
  else if (address === "missing") missing.push("address");
  if (displayName === "fix") fix.push("name");
  if (address === "fix") fix.push("address");
  if (!hasLogo) missing.push("logo");
  missing.push(...colorItems(primary, secondary, "missing"));
  fix.push(...colorItems(primary, secondary, "fix"));
  // Two radio buttons: nothing chosen is the only way for the language to be wrong.
  if (language !== "ok") missing.push("language");
  if (region.includes("missing")) missing.push("region");
  else if (region.includes("fix")) fix.push("region");

  return {
    missing,
    fix,
    complete: {
      name: displayName === "ok" && address === "ok",
      logo: hasLogo,
      colors: primary === "ok" && secondary === "ok",
      language: language === "ok",
      region: region.every((state) => state === "ok"),
    },
  };
}
