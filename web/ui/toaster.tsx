import { Toaster as Sonner } from "sonner";
import { TOAST_MS } from "../../domain/limits";
import { useMediaQuery } from "../lib/use-media-query";

/** Toasts for 3 s, bottom-right on a desktop and bottom-centre on a phone (DESIGN.md). */
export function Toaster() {
  const isPhone = useMediaQuery("(max-width: 639px)");
  return <Sonner position={isPhone ? "bottom-center" : "bottom-right"} duration={TOAST_MS} richColors closeButton />;
}
