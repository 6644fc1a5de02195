import { LOGO_MAX_BYTES } from "@domain/landings";
import type { TFunction } from "i18next";

/** "Recomendado: 1200 × 630 px. JPG, PNG, WebP, GIF o AVIF de hasta 5 MB." */
export function recommendedSize(t: TFunction<"landings">, size: string, maxBytes: number): string {
  const [width, height] = size.split("x");
  return t("ui.recommended", { width, height, max: Math.round(maxBytes / 1024 / 1024) });
}

/**
 * The one logo advice, the same in the wizard and in Configuración: a wide logo that fills the
 * site's header (shown about 48 px high, up to about 220 px wide), sharp on high-density screens.
 */
export const LOGO_RECOMMENDED = { width: 500, height: 160 } as const;

export function logoAdvice(t: TFunction<"landings">): string {
  return t("ui.logoRecommended", { ...LOGO_RECOMMENDED, max: Math.round(LOGO_MAX_BYTES / 1024 / 1024) });
}
