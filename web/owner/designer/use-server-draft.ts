import type { Landing } from "@domain/landings";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSession } from "../auth";
import { landingsQuery } from "../landings";

/** The owner's landings still being created (drafts, out of the trash), most recently changed first. */
export function draftsInProgress(landings: Landing[]): Landing[] {
  return landings
    .filter((landing) => landing.status === "draft" && landing.deleted_at === null)
    .sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at) || b.id - a.id);
}

export type ServerDrafts =
  /** Still asking the server. */
  | { pending: true }
  /** Answered (or unreachable: then none is known, as before this lookup existed). */
  | { pending: false; drafts: Landing[] };

/**
 * The owner's drafts as the server knows them now. The browser's pointer to the landing in
 * progress (landings/draft-landing.ts) is only this browser's: a landing started on a phone is
 * found here from any other device. Only an answer given since this screen opened is used, so a
 * landing published or trashed elsewhere a moment ago is not offered.
 */
export function useServerDrafts(enabled: boolean): ServerDrafts {
  const userId = useSession()?.userId ?? 0;
  const [openedAt] = useState(() => Date.now());
  const asking = enabled && userId > 0;
  const query = useQuery({ ...landingsQuery(userId), enabled: asking, refetchOnMount: "always", staleTime: 0 });
  const fresh = query.data && query.dataUpdatedAt >= openedAt ? query.data : undefined;
  if (!asking || (query.isError && !query.isFetching)) return { pending: false, drafts: [] };
  if (!fresh) return { pending: true };
  return { pending: false, drafts: draftsInProgress(fresh) };
}
