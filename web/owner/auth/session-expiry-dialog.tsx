import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { refetchFailedUnsignedIn } from "./api";
import { IdleWarningDialog } from "./idle-warning-dialog";
import { ReauthDialog } from "./reauth-dialog";
import { canExtend, EXPIRY_WARNING_MS, sessionDeadline, useRefusedEnd, useSession } from "./session-store";
import { useCountdown } from "./use-countdown";

/**
 * What the owner sees as their session nears its end, over whatever page they are on (issue 25.3):
 * - after 55 minutes without activity, a warning where one click keeps the session open;
 * - before the 12-hour end, which no activity moves, a warning that asks for the password;
 * - once the session has ended (its end passed, or the server answered 401), a sign-in dialog
 *   that stays over the page until the owner signs in again, so nothing typed is lost.
 * Another tab signing in again, or working, moves the stored end and closes these here too.
 */
export function SessionExpiryDialog({ onSignOut }: { onSignOut: () => void }) {
  const queryClient = useQueryClient();
  const session = useSession();
  const deadline = session ? sessionDeadline(session) : null;
  const msLeft = useCountdown(deadline, EXPIRY_WARNING_MS);
  const [laterFor, setLaterFor] = useState<number | null>(null);
  const refusedEnd = useRefusedEnd();
  const ended = session !== null && ((msLeft !== null && msLeft <= 0) || session.expiresAt === refusedEnd);

  // Back from an ended session (here or in another tab): what failed meanwhile is asked again.
  const wasEnded = useRef(false);
  useEffect(() => {
    if (wasEnded.current && !ended) void refetchFailedUnsignedIn(queryClient);
    wasEnded.current = ended;
  }, [ended, queryClient]);

  if (!session) return null;
  if (ended) return <ReauthDialog session={session} mode="ended" onSignOut={onSignOut} />;
  if (msLeft === null) return null;
  if (canExtend(session)) return <IdleWarningDialog msLeft={msLeft} onSignOut={onSignOut} />;
  if (laterFor === deadline) return null;
  return (
    <ReauthDialog
      session={session}
      mode="final"
      msLeft={msLeft}
      onLater={() => setLaterFor(deadline)}
      onSignOut={onSignOut}
    />
  );
}
