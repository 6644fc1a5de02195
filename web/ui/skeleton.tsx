import type { ComponentProps } from "react";
import { cn } from "../lib/cn";

/** A grey block that stands in for content while it loads. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-gray-200", className)} {...props} />;
}
