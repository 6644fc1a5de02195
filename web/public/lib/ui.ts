/**
 * Class names shared by the public pages' buttons, links and fields (Tailwind, brand colours as CSS
 * variables). A button's words that wrap (a long label on a phone) stay centred, off its edges.
 */
const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2 text-center text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-wait aria-busy:opacity-60";

export const buttonPrimary = `${base} bg-(--brand) text-(--on-brand) shadow-sm hover:brightness-110`;
export const buttonAccent = `${base} bg-(--accent) text-(--on-accent) shadow-sm hover:brightness-105`;
export const buttonSecondary = `${base} border border-gray-300 bg-white text-gray-900 hover:bg-gray-50`;
export const buttonDanger = `${base} bg-red-700 text-white shadow-sm hover:bg-red-800`;
export const linkText = "font-semibold text-(--brand-ink) underline-offset-4 hover:underline";
/**
 * A small link's tap area stretched to 44 px high (DESIGN.md) by as much above and below as its line
 * is shorter, without moving anything around it: for a line of small text (20 px), such as "Cambiar".
 */
export const compactTapArea = "-my-3 inline-flex min-h-11 items-center";

export const fieldLabel = "block text-sm font-semibold text-gray-800";
/**
 * A field's box. A list (a select) on a screen narrow for its text (cramped) keeps 8 px of padding
 * on its left, where Chromium adds 4 px of its own (its choice starts where a text field's words
 * do), and 4 px on its right beside its arrow's own room: at 320 px and 200 % text the express
 * pickup's "Elige un país" lost its "s" in a list as wide as the card.
 */
export const fieldControl =
  "mt-1 block h-11 w-full min-w-0 rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 shadow-xs aria-invalid:border-red-600 cramped:[&:is(select)]:pl-2 cramped:[&:is(select)]:pr-1";
export const fieldError = "mt-1 text-sm font-medium text-red-700";
export const card = "rounded-2xl border border-gray-200 bg-white shadow-sm";
