import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { landingNameProblem } from "../../../domain/landings";
import type { ApiMessageKey } from "../../../domain/messages";
import { slugify } from "../../../domain/slug";
import { nameCheckQuery } from "./api";

export const NAME_CHECK_DEBOUNCE_MS = 350;

export type NameCheckState =
  | { kind: "empty" }
  | { kind: "invalid"; slug: string; problem: ApiMessageKey }
  | { kind: "checking"; slug: string }
  | { kind: "available"; slug: string }
  | { kind: "unchanged"; slug: string }
  | { kind: "taken"; slug: string; message: string }
  | { kind: "unknown"; slug: string };

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The slug a typed name becomes and whether it is free (PRODUCT §3: unique across the platform).
 * Problems the browser can see (too long, reserved, no letters) show at once; the server is
 * asked, after a pause in typing, only about names that could be valid.
 */
export function useNameCheck(name: string, options: { landingId?: number; savedName?: string } = {}): NameCheckState {
  const slug = slugify(name);
  const problem = name.trim() === "" ? null : landingNameProblem(name);
  const debounced = useDebounced(name, NAME_CHECK_DEBOUNCE_MS);
  const unchanged = options.savedName !== undefined && slug === options.savedName;
  const askable = debounced.trim() !== "" && landingNameProblem(debounced) === null && !unchanged;
  const check = useQuery({ ...nameCheckQuery(debounced.trim(), options.landingId), enabled: askable });

  if (name.trim() === "") return { kind: "empty" };
  if (problem) return { kind: "invalid", slug, problem };
  if (unchanged) return { kind: "unchanged", slug };
  if (debounced !== name || check.isPending || check.isFetching) return { kind: "checking", slug };
  if (check.isError || !check.data) return { kind: "unknown", slug };
  if (check.data.available) return { kind: "available", slug: check.data.slug };
  return { kind: "taken", slug: check.data.slug, message: check.data.message ?? "" };
}
