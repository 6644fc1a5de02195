import { Children, Fragment, type ReactNode } from "react";

/**
 * A `formatWhen` moment ("06-12-2026 · 10:01 PM") inside a sentence, as a `<Trans>` component: the
 * date and the time each stay whole (Chromium breaks a date at its hyphens, "06-12-" / "2026"), but
 * the line may break after the dot between them, so a phone at 200 % text never scrolls sideways.
 */
export function UnbrokenWhen({ children }: { children?: ReactNode }) {
  const parts = Children.toArray(children).join("").split(" · ");
  return parts.map((part, index) => (
    // A date then a time, never reordered: the index is their identity.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={index}>
      {index > 0 && " "}
      <span className="whitespace-nowrap">{index < parts.length - 1 ? `${part} ·` : part}</span>
    </Fragment>
  ));
}
