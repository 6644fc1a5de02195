import type { Language } from "@domain/languages";
import { en } from "./en";
import { type Dictionary, es } from "./es";

export type { Dictionary };

/** The page's words; one object per language, nothing global. */
export const dictionary = (language: Language): Dictionary => (language === "en" ? en : es);
