import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";

export const BRAND = "Nelly";

/** What a route declares in its `handle`: the i18n key of its page title. */
export type RouteHandle = { titleKey?: string };

export function pageTitle(title: string | undefined): string {
  return title ? `${title} | ${BRAND}` : BRAND;
}

/** Sets document.title from the deepest route that names one (SPEC §2), in the current language. */
export function DocumentTitle() {
  const matches = useMatches();
  const { t } = useTranslation();
  const titleKey = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.titleKey)
    .filter((key): key is string => Boolean(key))
    .at(-1);
  const title = pageTitle(titleKey ? t(titleKey) : undefined);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
