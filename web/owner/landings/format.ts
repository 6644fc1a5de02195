import { formatTime } from "@domain/date-format";
import type { Language } from "@domain/languages";
import { pageTitle } from "@web/lib/document-title";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** An address as people read it: "reservas.example.com/autos-caribe", without "https://". */
export const readableUrl = (url: string) => url.replace(/^https?:\/\//, "");

/**
 * The browser tab names the landing by its display name ("Autos Año Nuevo SRL · Previsualizar | Nelly").
 * Runs after the route's own title (DocumentTitle renders before the page), so it wins.
 */
export function useLandingPageTitle(displayName: string | undefined, titleKey: string) {
  const { t } = useTranslation();
  const title = displayName ? pageTitle(`${displayName} · ${t(titleKey)}`) : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

const pad = (value: number) => String(value).padStart(2, "0");

/** PRODUCT §5: dd-mm-yyyy in Spanish, the English locale's own format in English; with the time. */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // "1:47 PM" in both languages, as every other time in the dashboard (it was "13:47" in Spanish here).
  const time = formatTime(`${pad(date.getHours())}:${pad(date.getMinutes())}`, language);
  if (language === "es") return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}, ${time}`;
  return `${new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(date)}, ${time}`;
}
