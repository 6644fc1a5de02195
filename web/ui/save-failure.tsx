import { useEffect, useRef } from "react";
import { Alert } from "./alert";
import { StaleDataAlert } from "./stale-data-alert";

type SaveFailureProps = {
  /** Someone saved since the form was read (409): reloading is offered. */
  stale: boolean;
  reloading: boolean;
  onReload: () => void;
  /** A save that failed otherwise, with the server's words when it said something (or null). */
  failure: { reason: string | null } | null;
  failedText: string;
};

/**
 * Why a form's save did not save, just above its actions. Brought into view as it comes: on a
 * phone the actions stay stuck at the foot of the screen, and a long form's end (where this is
 * said) was a few screens below the button just tapped, so nothing seemed to happen offline.
 */
export function SaveFailure({ stale, reloading, onReload, failure, failedText }: SaveFailureProps) {
  const box = useRef<HTMLDivElement>(null);
  // Each new failure (a second try offline) is brought into view again.
  useEffect(() => {
    const element = box.current;
    if ((!stale && failure === null) || !element) return;
    const { top, bottom } = element.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) element.scrollIntoView({ block: "center" });
  }, [stale, failure]);
  if (!stale && failure === null) return null;
  return (
    <div ref={box}>
      {stale ? (
        <StaleDataAlert onReload={onReload} reloading={reloading} />
      ) : (
        <Alert>
          <p className="font-semibold">{failedText}</p>
          {failure?.reason && <p className="mt-0.5">{failure.reason}</p>}
        </Alert>
      )}
    </div>
  );
}
