import { isHexColor } from "@domain/colors";
import { cn } from "@web/lib/cn";
import { ImageOff } from "lucide-react";
import { useState } from "react";

/**
 * A landing's logo on its primary colour, as its site's header shows it, so a logo drawn for that
 * header reads here too. A missing or broken file shows a quiet placeholder.
 */
export function LandingLogo({ src, color, className }: { src: string | null; color?: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const show = src && failed !== src;
  return (
    <span
      className={cn(
        "flex shrink-0 items-center justify-center overflow-hidden rounded-lg p-2 ring-1 ring-black/5 ring-inset",
        !isHexColor(color) && "bg-gray-100",
        className,
      )}
      style={isHexColor(color) ? { backgroundColor: color } : undefined}
    >
      {show ? (
        <img src={src} alt="" className="max-h-full max-w-full object-contain" onError={() => setFailed(src)} />
      ) : (
        <ImageOff aria-hidden="true" className="size-5 text-gray-400" />
      )}
    </span>
  );
}
