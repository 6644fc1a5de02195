import { useSyncExternalStore } from "react";

/**
 * The landing being built in the designer (SPEC §3: "id and name of the landing being created";
 * the name is its slug). Kept in localStorage so a reload in the middle of the flow keeps the
 * owner's place. It is only a pointer: whether that landing still exists is asked of the server
 * (useLandingInProgress), and trashing or purging it forgets it.
 */
const KEYS = { id: "nelly.designer.landingId", name: "nelly.designer.landingName" } as const;

export type DraftLanding = { id: number; name: string };

const listeners = new Set<() => void>();
/** The landing in progress the server answered 404 for, in this tab: the screens say it is gone. */
let goneId: number | null = null;
const notify = () => {
  for (const listener of listeners) listener();
};

export function readDraftLanding(): DraftLanding | null {
  try {
    const id = Number(localStorage.getItem(KEYS.id));
    const name = localStorage.getItem(KEYS.name);
    return Number.isInteger(id) && id > 0 && name ? { id, name } : null;
  } catch {
    return null;
  }
}

export function saveDraftLanding(draft: DraftLanding) {
  goneId = null;
  localStorage.setItem(KEYS.id, String(draft.id));
  localStorage.setItem(KEYS.name, draft.name);
  notify();
}

export function clearDraftLanding() {
  goneId = null;
  localStorage.removeItem(KEYS.id);
  localStorage.removeItem(KEYS.name);
  notify();
}

/** Forgets a landing in progress the server no longer has (trashed or deleted elsewhere), remembering why. */
export function forgetGoneDraftLanding(id: number) {
  if (readDraftLanding()?.id !== id) return;
  localStorage.removeItem(KEYS.id);
  localStorage.removeItem(KEYS.name);
  goneId = id;
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab starting, finishing or trashing the landing in progress.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === KEYS.id || event.key === KEYS.name) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The stored pointer as a stable snapshot (objects would be new on every read). */
const snapshot = () => {
  const draft = readDraftLanding();
  if (draft) return `${draft.id}\n${draft.name}`;
  return goneId !== null ? `gone\n${goneId}` : "";
};

export type StoredDraftLanding = { draft: DraftLanding | null; goneId: number | null };

/**
 * The stored landing in progress, re-read whenever it is saved or cleared (in this tab or
 * another), and the one just found gone, if that is why there is none.
 */
export function useStoredDraftLanding(): StoredDraftLanding {
  const value = useSyncExternalStore(subscribe, snapshot);
  const [first = "", second = ""] = value.split("\n");
  if (first === "gone") return { draft: null, goneId: Number(second) };
  if (!value) return { draft: null, goneId: null };
  return { draft: { id: Number(first), name: second }, goneId: null };
}
