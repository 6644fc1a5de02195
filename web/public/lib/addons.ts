import { type AddonKind, addonQuantityCap, RESERVATION_ADDONS_MAX } from "@domain/addons";

export type AddonPick = { id: number; quantity: number };

/** What the site knows of an add-on to count it: its kind and the owner's maximum per booking. */
type KnownAddon = { id: number; kind: AddonKind; max_quantity: number };

/**
 * "3:2,5:1" -> the landing's add-ons with their quantities: unknown ids, repeats and bad numbers
 * are dropped; a quantity is kept between 1 and what the add-on allows per booking.
 */
export function parseAddons(text: string | undefined, known: readonly KnownAddon[]): AddonPick[] {
  const caps = new Map(known.map((addon) => [addon.id, addonQuantityCap(addon)]));
  const picks: AddonPick[] = [];
  for (const pair of (text ?? "").split(",")) {
    const [idText = "", quantityText = "1"] = pair.split(":");
    const id = Number(idText);
    const quantity = Number(quantityText);
    const cap = caps.get(id);
    if (!Number.isInteger(id) || cap === undefined || picks.some((pick) => pick.id === id)) continue;
    if (!Number.isInteger(quantity) || quantity < 1) continue;
    picks.push({ id, quantity: Math.min(quantity, cap) });
    if (picks.length === RESERVATION_ADDONS_MAX) break;
  }
  return picks;
}

/** [{3,2},{5,1}] -> "3:2,5:1". */
export const formatAddons = (picks: readonly AddonPick[]) =>
  picks.map((pick) => `${pick.id}:${pick.quantity}`).join(",");

/**
 * The picks with `addon` at `quantity` (added at the end when new); 0 removes it. Never below 1
 * otherwise, nor above what the add-on allows per booking.
 */
export function setAddonQuantity(picks: readonly AddonPick[], addon: KnownAddon, quantity: number): AddonPick[] {
  const { id } = addon;
  if (quantity <= 0) return picks.filter((pick) => pick.id !== id);
  const clamped = Math.min(Math.max(1, Math.trunc(quantity)), addonQuantityCap(addon));
  if (!picks.some((pick) => pick.id === id)) return [...picks, { id, quantity: clamped }];
  return picks.map((pick) => (pick.id === id ? { ...pick, quantity: clamped } : pick));
}
