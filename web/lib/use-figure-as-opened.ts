import { useState } from "react";

/**
 * A figure as it was when a dialog opened (`openedAs` changed: null while closed, its mode while
 * open), for a write that sends the figure the owner saw so the server can refuse it if the money
 * moved meanwhile. Read live instead, a payment that landed meanwhile (a retry after its answer was
 * lost, another tab) moved the figure under the open dialog, the retry sent the new one and the
 * same cash was recorded twice (a walk's finding). Kept as opened, the retry is refused (409).
 */
export function useFigureAsOpened<T>(openedAs: unknown, live: T): T {
  const [kept, setKept] = useState({ openedAs, value: live });
  if (kept.openedAs !== openedAs) {
    setKept({ openedAs, value: live });
    return live;
  }
  return kept.value;
}
