import { type LandingTheme, landingTheme } from "@domain/colors";
import { createContext, type ReactNode, useContext } from "react";
import type { Dictionary } from "./i18n/es";
import type { PublicPageData } from "./types";

export type PageContextValue = {
  data: PublicPageData;
  t: Dictionary;
  theme: LandingTheme;
};

const PageContext = createContext<PageContextValue | null>(null);

/** The page's data, words and colours for every component below (one value per render, nothing global). */
export function PageProvider({ data, t, children }: { data: PublicPageData; t: Dictionary; children: ReactNode }) {
  const value: PageContextValue = {
    data,
    t,
    theme: landingTheme(data.landing.color_primary, data.landing.color_secondary),
  };
  return <PageContext.Provider value={value}>{children}</PageContext.Provider>;
}

export function usePage(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error("usePage outside PageProvider");
  return value;
}

/**
 * The brand as CSS variables (DESIGN.md: primary for header and main buttons, secondary for accents).
 * `--brand-edge`, read by the stylesheet alone, is set only in the page's own `:root` style
 * (server/ssr/document.ts, `primaryEdge`): the vehicle list's script is at its budget.
 */
export function themeVariables(theme: LandingTheme): Record<string, string> {
  return {
    "--brand": theme.primary,
    "--on-brand": theme.onPrimary,
    "--brand-muted": theme.primaryMuted,
    "--brand-ink": theme.primaryInk,
    "--accent": theme.secondary,
    "--on-accent": theme.onSecondary,
    "--accent-ink": theme.secondaryInk,
    "--accent-tint": theme.secondaryTint,
  };
}
