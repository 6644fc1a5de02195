import type { TFunction } from "i18next";

/** "Recomendado: 250 × 80 px. JPG, PNG, WebP, GIF o AVIF de hasta 5 MB." */
export function recommendedSize(t: TFunction<"landings">, size: string, maxBytes: number): string {
  const [width, height] = size.split("x");
  return t("ui.recommended", { width, height, max: Math.round(maxBytes / 1024 / 1024) });
}
