import { landingNameProblem } from "@domain/landings";
import type { ApiMessageKey } from "@domain/messages";
import { slugify } from "@domain/slug";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { nameCheckQuery } from "./api";

export const NAME_CHECK_DEBOUNCE_MS = 350;

/**
 * The address a slug would have, as the server builds it (PUBLIC_BASE_URL + "/" + slug): `url`
 * is the server's own answer when it has one; otherwise it is put together from the server's base.
 */
export type SlugCheckState =
  | { kind: "empty" }
  | { kind: "invalid"; slug: string; problem: ApiMessageKey }
  | { kind: "checking"; slug: string }
  | { kind: "available"; slug: string; url: string }
  | { kind: "unchanged"; slug: string; url: string }
  | { kind: "taken"; slug: string; url: string; inYourTrash: boolean }
  | { kind: "unknown"; slug: string };

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The part of a public address before the slug ("https://reservas.example.com/"). */
export function baseOf(publicUrl: string, slug: string): string {
  return publicUrl.endsWith(`/${slug}`)
    ? publicUrl.slice(0, publicUrl.length - slug.length)
    : publicUrl.replace(/[^/]*$/, "");
}

/**
 * Where the owner's sites live, asked of the server (never the browser's own address, which may
 * be 127.0.0.1 or an internal host): from a landing's `public_url` when there is one, otherwise
 * from the name check of a placeholder slug.
 */
export function usePublicBase(known?: { url: string; slug: string }, probe = "tu-empresa"): string | null {
  const check = useQuery({ ...nameCheckQuery(probe), enabled: !known, staleTime: Number.POSITIVE_INFINITY });
  if (known) return baseOf(known.url, known.slug);
  return check.data ? baseOf(check.data.public_url, check.data.slug) : null;
}

/**
 * Whether a slug typed (or derived from the business name) is usable and free (PRODUCT §3:
 * unique across the platform, trash included). Problems the browser can see (too long, reserved,
 * no letters) show at once; the server is asked, after a pause in typing, only about slugs that
 * could be valid, and its answer carries the address.
 */
export function useSlugCheck(
  text: string,
  options: { landingId?: number; saved?: { slug: string; url: string } } = {},
) {
  const slug = slugify(text);
  const debounced = useDebounced(text, NAME_CHECK_DEBOUNCE_MS);
  const unchanged = options.saved !== undefined && slug === options.saved.slug;
  const askable = debounced.trim() !== "" && landingNameProblem(debounced) === null && !unchanged;
  const check = useQuery({ ...nameCheckQuery(slugify(debounced), options.landingId), enabled: askable });

  let state: SlugCheckState;
  const problem = text.trim() === "" ? null : landingNameProblem(text);
  if (text.trim() === "") state = { kind: "empty" };
  else if (problem) state = { kind: "invalid", slug, problem };
  else if (unchanged && options.saved) state = { kind: "unchanged", slug, url: options.saved.url };
  else if (debounced !== text || check.isPending || check.isFetching) state = { kind: "checking", slug };
  else if (check.isError || !check.data) state = { kind: "unknown", slug };
  else if (check.data.available) state = { kind: "available", slug: check.data.slug, url: check.data.public_url };
  else
    state = { kind: "taken", slug: check.data.slug, url: check.data.public_url, inYourTrash: check.data.in_your_trash };
  return state;
}
