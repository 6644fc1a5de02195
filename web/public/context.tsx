import { type LandingTheme, landingTheme } from "@domain/colors";
import { createContext, type ReactNode, useContext } from "react";
import type { VehicleCardProps } from "./components/vehicle-card";
import type { Dictionary } from "./i18n/es";
import type { PublicPageData } from "./types";

/**
 * On the server only: a list of vehicle cards' HTML from markup kept per card (card-markup.tsx),
 * the very HTML React writes for them. The browser renders and hydrates the cards themselves.
 */
export type CardsMarkup = (page: PageContextValue, cards: VehicleCardProps[]) => string;

export type PageContextValue = {
  data: PublicPageData;
  t: Dictionary;
  theme: LandingTheme;
  cardsMarkup?: CardsMarkup;
};

const PageContext = createContext<PageContextValue | null>(null);

/** The page's data, words and colours for every component below (one value per render, nothing global). */
export function PageProvider({
  data,
  t,
  cardsMarkup,
  children,
}: {
  data: PublicPageData;
  t: Dictionary;
  cardsMarkup?: CardsMarkup;
  children: ReactNode;
}) {
  const value: PageContextValue = {
    data,
    t,
    theme: landingTheme(data.landing.color_primary, data.landing.color_secondary),
    cardsMarkup,
  };
  return <PageContext.Provider value={value}>{children}</PageContext.Provider>;
}

export function usePage(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error("usePage outside PageProvider");
  return value;
}

/** The brand as CSS variables (DESIGN.md: primary for header and main buttons, secondary for accents). */
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
