import type { Landing } from "@domain/landings";
import { useQuery } from "@tanstack/react-query";
import { isNotFound } from "@web/lib/api";
import { useEffect, useState } from "react";
import { useSession } from "../auth";
import {
  clearDraftLanding,
  type DraftLanding,
  forgetGoneDraftLanding,
  landingQuery,
  readDraftLanding,
  useStoredDraftLanding,
} from "../landings";

export type LandingInProgress =
  | { state: "none" }
  /** The stored landing was trashed or deleted for good since: it was forgotten just now. */
  | { state: "gone" }
  | { state: "checking"; stored: DraftLanding }
  | { state: "ready"; stored: DraftLanding; landing: Landing }
  | { state: "error"; stored: DraftLanding; retry: () => void; retrying: boolean };

/**
 * The designer's landing in progress, as the server knows it now (PRODUCT §3: a trashed or purged
 * landing is never "in progress", and a published one is finished). The stored pointer is only trusted once the server has answered
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
  // Published since (here, in another tab, from another device): the designer's work on it is
  // done, so it is no longer "being created" (issue 25.11).
  const fresh = query.data && query.dataUpdatedAt >= openedAt ? query.data : undefined;
  const finished = fresh?.status === "published";
  useEffect(() => {
    // Every screen reading it (the designer's frame and its step) learns it is gone, not just "none".
    if (gone && storedId !== null) forgetGoneDraftLanding(storedId);
    if (finished && storedId !== null && readDraftLanding()?.id === storedId) clearDraftLanding();
  }, [gone, finished, storedId]);

  if (!stored) return goneId !== null ? { state: "gone" } : { state: "none" };
  if (gone) return { state: "gone" };
  if (finished) return { state: "none" };
  // Data cached before this screen opened may be about a landing trashed since in another tab.
  if (fresh) return { state: "ready", stored, landing: fresh };
  if (query.isError) {
    return { state: "error", stored, retry: () => void query.refetch(), retrying: query.isFetching };
  }
  return { state: "checking", stored };
}
