import { cn } from "../lib/cn";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "md" | "icon";

// A label stays on one line, so a row of buttons wraps the buttons before their words; where the
// text is large for the screen (cramped) it wraps onto more lines, centred, within its container's
// width (max-w-full), instead of running out of it: at 200 % text on a phone "Crear landing" pushed
// the page sideways. Wrapping everywhere broke "Visit site" in two beside its neighbours on a 390 px
// phone. Its icons keep their size.
const base =
  "inline-flex max-w-full shrink-0 items-center justify-center gap-2 rounded-lg text-center text-sm font-semibold whitespace-nowrap cramped:whitespace-normal [&_svg]:shrink-0 " +
  "transition-colors select-none disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress aria-busy:opacity-80";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800",
  secondary: "border border-gray-300 bg-white text-gray-800 shadow-xs hover:bg-gray-50 active:bg-gray-100",
  ghost: "text-gray-700 hover:bg-gray-100 hover:text-gray-900 active:bg-gray-200",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800",
};

// Every size keeps a 44 px tap target (DESIGN.md); a label on two lines makes it taller.
const sizes: Record<ButtonSize, string> = {
  md: "min-h-11 px-4 py-2.5 cramped:px-3",
  icon: "size-11",
};

export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", className?: string) {
  return cn(base, variants[variant], sizes[size], className);
}
