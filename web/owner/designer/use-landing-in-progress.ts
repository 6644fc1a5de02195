import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Landing } from "../../../domain/landings";
import { isNotFound } from "../../lib/api";
import { useSession } from "../auth/session-store";
import { landingQuery } from "../landings/api";
import { type DraftLanding, forgetGoneDraftLanding, useStoredDraftLanding } from "./draft-landing";

export type LandingInProgress =
  | { state: "none" }
  /** The stored landing was trashed or deleted for good since: it was forgotten just now. */
  | { state: "gone" }
  | { state: "checking"; stored: DraftLanding }
  | { state: "ready"; stored: DraftLanding; landing: Landing }
  | { state: "error"; stored: DraftLanding; retry: () => void; retrying: boolean };

/**
 * The designer's landing in progress, as the server knows it now (PRODUCT §3: a trashed or purged
 * landing is never "in progress"). The stored pointer is only trusted once the server has answered
 * for it since this screen opened; a 404 forgets it.
 */
export function useLandingInProgress(): LandingInProgress {
  const userId = useSession()?.userId ?? 0;
  const { draft: stored, goneId } = useStoredDraftLanding();
  const [openedAt] = useState(() => Date.now());
  const query = useQuery({
    ...landingQuery(userId, stored?.id ?? 0),
    enabled: userId > 0 && stored !== null,
    refetchOnMount: "always",
    staleTime: 0,
  });
  const storedId = stored?.id ?? null;
  const gone = storedId !== null && query.isError && isNotFound(query.error);
  useEffect(() => {
    // Every screen reading it (the designer's frame and its step) learns it is gone, not just "none".
    if (gone && storedId !== null) forgetGoneDraftLanding(storedId);
  }, [gone, storedId]);

  if (!stored) return goneId !== null ? { state: "gone" } : { state: "none" };
  if (gone) return { state: "gone" };
  // Data cached before this screen opened may be about a landing trashed since in another tab.
  if (query.data && query.dataUpdatedAt >= openedAt) return { state: "ready", stored, landing: query.data };
  if (query.isError) {
    return { state: "error", stored, retry: () => void query.refetch(), retrying: query.isFetching };
  }
  return { state: "checking", stored };
}
