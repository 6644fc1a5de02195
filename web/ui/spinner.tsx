import { LoaderCircle } from "lucide-react";
import { cn } from "../lib/cn";

/** A decorative spinner; the surrounding element says what is loading. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn("size-4 animate-spin", className)} />;
}
