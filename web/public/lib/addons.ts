import { ADDON_QUANTITY_MAX, RESERVATION_ADDONS_MAX } from "./limits";

export type AddonPick = { id: number; quantity: number };

/**
 * "3:2,5:1" -> the landing's add-ons with their quantities: unknown ids, repeats and bad numbers
 * are dropped; a quantity is kept between 1 and the server's maximum.
 */
export function parseAddons(text: string | undefined, known: readonly { id: number }[]): AddonPick[] {
  const ids = new Set(known.map((addon) => addon.id));
  const picks: AddonPick[] = [];
  for (const pair of (text ?? "").split(",")) {
    const [idText = "", quantityText = "1"] = pair.split(":");
    const id = Number(idText);
    const quantity = Number(quantityText);
    if (!Number.isInteger(id) || !ids.has(id) || picks.some((pick) => pick.id === id)) continue;
    if (!Number.isInteger(quantity) || quantity < 1) continue;
    picks.push({ id, quantity: Math.min(quantity, ADDON_QUANTITY_MAX) });
    if (picks.length === RESERVATION_ADDONS_MAX) break;
  }
  return picks;
}

/** [{3,2},{5,1}] -> "3:2,5:1". */
export const formatAddons = (picks: readonly AddonPick[]) =>
  picks.map((pick) => `${pick.id}:${pick.quantity}`).join(",");

/** The picks with `id` at `quantity` (added at the end when new); 0 removes it. Never below 1 otherwise. */
export function setAddonQuantity(picks: readonly AddonPick[], id: number, quantity: number): AddonPick[] {
  if (quantity <= 0) return picks.filter((pick) => pick.id !== id);
  const clamped = Math.min(Math.max(1, Math.trunc(quantity)), ADDON_QUANTITY_MAX);
  if (!picks.some((pick) => pick.id === id)) return [...picks, { id, quantity: clamped }];
  return picks.map((pick) => (pick.id === id ? { ...pick, quantity: clamped } : pick));
}
