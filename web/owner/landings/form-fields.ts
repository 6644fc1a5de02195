import { landingNameProblem } from "@domain/landings";
import { z } from "zod";

/**
 * Fields a landing's forms share: the designer's first step and the Configuración tab.
 */

/** A slug field in a form: the domain's problems as message keys, the text kept as typed. */
export const slugField = z.string().superRefine((slug, ctx) => {
  const problem = landingNameProblem(slug);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** A colour as the colour inputs write it, "#1a2b3c": only then is it drawn in a preview. */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
