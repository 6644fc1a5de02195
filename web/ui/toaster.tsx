import type { CSSProperties } from "react";
import { Toaster as Sonner } from "sonner";
import { TOAST_MS } from "../../domain/limits";
import { useMediaQuery } from "../lib/use-media-query";

// Sonner's rich colours put green and red text below WCAG AA contrast on their pale backgrounds
// (about 3.9:1); these darker shades of the same hues reach 6:1 and more.
const accessibleColors = {
  "--success-text": "hsl(140, 100%, 21%)",
  "--error-text": "hsl(0, 74%, 42%)",
} as CSSProperties;

/** Toasts for 3 s, bottom-right on a desktop and bottom-centre on a phone (DESIGN.md). */
export function Toaster() {
  const isPhone = useMediaQuery("(max-width: 639px)");
  return (
    <Sonner
      position={isPhone ? "bottom-center" : "bottom-right"}
      duration={TOAST_MS}
      richColors
      closeButton
      style={accessibleColors}
    />
  );
}
