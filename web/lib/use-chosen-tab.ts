import { useState } from "react";
import { hasUnsavedChanges } from "./use-leave-guard";

/**
 * The tab to show for a tab kept in the address (`?tab=seo`): the one just chosen, at once.
 *
 * The router writes the address first and draws it later, in a transition. Until then the tabs
 * would still show the old tab as selected, and Radix ignores a click on the tab it shows as
 * selected: a quick click back (on a busy phone) was lost. The choice is drawn at once instead,
 * and the address still wins whenever it changes by itself (back, forward, a link).
 *
 * A choice that would leave unsaved changes is not drawn: the leave guard asks first, and the
 * address follows only if the owner leaves.
 */
export function useChosenTab<T extends string>(inAddress: T): [T, (tab: T) => void] {
  const [chosen, setChosen] = useState(inAddress);
  const [seen, setSeen] = useState(inAddress);
  if (inAddress !== seen) {
    setSeen(inAddress);
    setChosen(inAddress);
  }
  const choose = (tab: T) => {
    if (!hasUnsavedChanges()) setChosen(tab);
  };
  return [chosen, choose];
}
