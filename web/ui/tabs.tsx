import * as RadixTabs from "@radix-ui/react-tabs";
import type { ComponentProps } from "react";
import { cn } from "../lib/cn";

/** Tabs on Radix: arrow keys move between tabs, the panel follows (WAI-ARIA tabs pattern). */
export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={cn(
        "-mx-4 flex gap-1 overflow-x-auto border-b border-gray-200 px-4 [scrollbar-width:none] sm:mx-0 sm:px-0",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        "-mb-px inline-flex h-11 shrink-0 items-center gap-2 border-b-2 border-transparent px-3 text-sm font-semibold whitespace-nowrap text-gray-600 transition-colors",
        "hover:border-gray-300 hover:text-gray-900 focus-visible:rounded-t-md",
        "data-[state=active]:border-brand-600 data-[state=active]:text-brand-700",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  // The panel takes the focus after its tab (Tab from the tab list): the ring of every focus (styles.css)
  // says where it went, for keyboards only.
  return (
    <RadixTabs.Content className={cn("mt-1 rounded-md pt-5 focus-visible:outline-offset-2", className)} {...props} />
  );
}

/** The small number after a tab's label. */
export function TabCount({ value }: { value: number }) {
  return (
    <span className="min-w-6 rounded-full bg-gray-100 px-2 py-0.5 text-center text-xs font-semibold text-gray-700 tabular-nums">
      {value}
    </span>
  );
}
