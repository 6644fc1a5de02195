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

/**
 * The address a new landing gets from its display name: the slug, cut to `max` characters at a
 * word boundary when the name is long ("Transportes y Alquileres del Cibao Norte SRL" fits in 35).
 */
export function slugFromDisplayName(displayName: string, max: number): string {
  const slug = slugify(displayName);
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : slug.slice(0, max)).replace(/-+$/, "");
}

/** How a slug reads to a person: hyphens shown as spaces (SPEC §2, landing detail). */
export const slugToTitle = (slug: string) => slug.replace(/-/g, " ");
