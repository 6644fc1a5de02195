import { type RefObject, useLayoutEffect } from "react";

/** What the visitor typed, by the field's id: text (a select's value too), or a box ticked or not. */
export type Typed = Record<string, string | boolean>;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (element: Element): element is Field =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

const isBox = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");

/** What the field shows now, and what the server's HTML had in it (React keeps the latter as the default). */
function shown(field: Field): { now: string | boolean; server: string | boolean } {
  if (isBox(field)) return { now: field.checked, server: field.defaultChecked };
  if (field instanceof HTMLSelectElement) {
    const marked = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
    return { now: field.value, server: marked?.value ?? "" };
  }
  return { now: field.value, server: field.defaultValue };
}

/**
 * Hands `keep`, once as the form mounts, what the visitor typed into its server-rendered fields
 * before the page's scripts ran (a slow connection shows the form well before it works). React
 * hydrates a controlled field leaving what it shows, but the component's state is still the
 * server's, so the next render would write that back and the typing would be gone without a word;
 * `keep` puts it into the state instead. Only fields with an id, and whose value differs from the
 * server's, are given (`{}` when nothing was typed). A layout effect, so it reads the fields before
 * any render that an effect (the page's own `useHydrated`, say) causes. The search forms need none
 * of this: their fields are uncontrolled, read when the form is sent.
 */
export function useTypedBeforeHydration(form: RefObject<HTMLFormElement | null>, keep: (typed: Typed) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page starts.
  useLayoutEffect(() => {
    const typed: Typed = {};
    for (const element of form.current?.elements ?? []) {
      if (!isField(element) || element.id === "" || element.type === "file") continue;
      const { now, server } = shown(element);
      if (now !== server) typed[element.id] = now;
    }
    keep(typed);
  }, []);
}
