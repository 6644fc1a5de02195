import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as lucide from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { keptIcon } from "./icons";

/** The props the site gives its icons: none, a class, hidden with a class, a label, a data attribute. */
const PROPS = [
  {},
  { className: "size-4" },
  { "aria-hidden": "true", className: "size-5 text-(--accent-ink)" },
  { "aria-hidden": "true", className: "size-4 size-4 animate-spin" },
  { "aria-label": "Cerrar", role: "img" },
  { "aria-hidden": "true", "data-kind": "coverage" },
] as const;

const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Every icon the site draws: each `keptIcon(lucide.Name)` in its source. */
const drawn = [
  ...new Set(
    [...readdirSync(PUBLIC, { recursive: true, encoding: "utf8" })]
      .filter((file) => file.endsWith(".tsx") && !file.endsWith(".test.tsx"))
      .flatMap((file) => [...readFileSync(join(PUBLIC, file), "utf8").matchAll(/keptIcon\(lucide\.(\w+)\)/g)])
      .map((match) => match[1] ?? ""),
  ),
].map((name) => [name, (lucide as unknown as Record<string, lucide.LucideIcon>)[name]] as const);

describe("the public site's icons (keptIcon)", () => {
  it("are found in the site's source", () => {
    expect(drawn.length).toBeGreaterThan(40);
  });

  it("are lucide's markup, attribute for attribute, for every icon and every kind of props the site gives", () => {
    for (const [name, Lucide] of drawn) {
      if (!Lucide) throw new Error(`lucide has no ${name}`);
      const Icon = keptIcon(Lucide);
      for (const props of PROPS) {
        const kept = renderToStaticMarkup(<Icon {...props} />);
        if (kept !== renderToStaticMarkup(<Lucide {...props} />)) {
          expect({ name, kept }).toEqual({ name, kept: renderToStaticMarkup(<Lucide {...props} />) });
        }
      }
    }
  });

  it("gives the same elements again for the same props, and new ones for others", () => {
    const Globe = keptIcon(lucide.Globe);
    expect(Globe({ className: "size-4" })).toBe(Globe({ className: "size-4" }));
    expect(Globe({ className: "size-5" })).not.toBe(Globe({ className: "size-4" }));
  });
});
