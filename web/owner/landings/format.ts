import type { Language } from "../../../domain/languages";
import { slugToTitle } from "../../../domain/slug";

/** How a landing's name reads in the dashboard: its slug with hyphens as spaces (SPEC §2). */
export const landingTitle = (name: string) => slugToTitle(name);

/** Lowercase without accents, for searching names the way people type them. */
export const searchable = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[-_]+/g, " ")
    .trim();

export function matchesSearch(name: string, query: string): boolean {
  const wanted = searchable(query);
  return wanted === "" || searchable(name).includes(wanted);
}

const pad = (value: number) => String(value).padStart(2, "0");

/** PRODUCT §5: dd-mm-yyyy in Spanish, the English locale's own format in English; with the time. */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = new Intl.DateTimeFormat(language === "es" ? "es" : "en-US", {
    hour: "numeric",
    minute: "2-digit",
  }).format(date);
  if (language === "es") return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}, ${time}`;
  return `${new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(date)}, ${time}`;
}
