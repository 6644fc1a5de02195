import { countryOptions as options } from "@domain/countries";
import type { Language } from "@domain/languages";

/**
 * The licence's issuing country: the current ISO 3166-1 countries (domain/countries.ts, the list
 * the server checks), by name in `language`; `kept` are the codes already entered, each still shown.
 */
export const countryOptions = (language: Language, kept: string[] = []) => options(language, kept);
