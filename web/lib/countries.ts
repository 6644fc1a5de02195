import { isCountryCode } from "@domain/counter";
import type { Language } from "@domain/languages";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Every country the browser can name, by its name in `language`: the licence's issuing country. */
export function countryOptions(language: Language): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([language], { type: "region" });
  const codes = [...LETTERS].flatMap((first) => [...LETTERS].map((second) => `${first}${second}`));
  return codes
    .filter(isCountryCode)
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}
