import { ImageOff } from "lucide-react";
import { useState } from "react";
import { cn } from "../../lib/cn";

/** A landing's logo on a neutral tile; a missing or broken file shows a quiet placeholder. */
export function LandingLogo({ src, className }: { src: string | null; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const show = src && failed !== src;
  return (
    <span
      className={cn(
        "flex shrink-0 items-center justify-center overflow-hidden rounded-lg border border-gray-200 bg-gray-50 p-1.5",
        className,
      )}
    >
      {show ? (
        <img src={src} alt="" className="max-h-full max-w-full object-contain" onError={() => setFailed(src)} />
      ) : (
        <ImageOff aria-hidden="true" className="size-5 text-gray-400" />
      )}
    </span>
  );
}
