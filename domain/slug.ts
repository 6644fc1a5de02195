/**
 * The landing's public name (SPEC §5): lowercase, trimmed, accents folded to plain letters,
 * anything but letters, digits, spaces and hyphens dropped, spaces to hyphens, repeated hyphens
 * collapsed, no hyphen at either end. "  Rent  a Car Ñandú!! " -> "rent-a-car-nandu".
 */
export function slugify(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9\s_-]/g, "")
    .replace(/[\s_]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/** How a slug reads to a person: hyphens shown as spaces (SPEC §2, landing detail). */
export const slugToTitle = (slug: string) => slug.replace(/-/g, " ");
