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
