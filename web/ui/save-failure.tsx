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
  const said = stale || failure !== null;
  useEffect(() => {
    const element = box.current;
    if (!said || !element) return;
    const { top, bottom } = element.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) element.scrollIntoView({ block: "center" });
  }, [said, failure]);
  if (!said) return null;
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
