import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every dashboard string exists in both languages: a key missing from one catalog would show its
// raw name ("grid.newBookingOn") to owners who read that language.

const DIR = path.dirname(new URL(import.meta.url).pathname);
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** "a.b_one" and "a.b_other" → "a.b": languages may need different plural forms of one key. */
function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix.replace(PLURAL, "")];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

const catalog = (file: string) => JSON.parse(readFileSync(path.join(DIR, file), "utf8")) as unknown;
const spanish = readdirSync(DIR).filter((file) => file.endsWith("es.json"));

describe("the dashboard's catalogs", () => {
  it.each(spanish)("%s has the same keys in English, and none empty", (file) => {
    const es = [...new Set(keysOf(catalog(file)))].sort();
    const en = [...new Set(keysOf(catalog(file.replace(/es\.json$/, "en.json"))))].sort();
    expect(es.length).toBeGreaterThan(0);
    expect(en).toEqual(es);
  });
});
