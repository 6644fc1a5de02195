/**
 * The landing being built in the designer (SPEC §3: "id and name of the landing being created").
 * Kept in localStorage so a reload in the middle of the flow keeps the owner's place.
 */
const KEYS = { id: "nelly.designer.landingId", name: "nelly.designer.landingName" } as const;

export type DraftLanding = { id: number; name: string };

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
  localStorage.setItem(KEYS.id, String(draft.id));
  localStorage.setItem(KEYS.name, draft.name);
}

export function clearDraftLanding() {
  localStorage.removeItem(KEYS.id);
  localStorage.removeItem(KEYS.name);
}
