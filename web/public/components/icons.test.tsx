import * as lucide from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as icons from "./icons";

/** The props the site gives its icons: none, a class, hidden with a class, a label, a data attribute. */
const PROPS = [
  {},
  { className: "size-4" },
  { "aria-hidden": "true", className: "size-5 text-(--accent-ink)" },
  { "aria-hidden": "true", className: "size-4 size-4 animate-spin" },
  { "aria-label": "Cerrar", role: "img" },
  { "aria-hidden": "true", "data-kind": "coverage" },
] as const;

const drawn = Object.entries(icons).filter((entry): entry is [string, icons.Icon] => typeof entry[1] === "function");

describe("the public site's icons", () => {
  it("are every icon the site draws", () => {
    expect(drawn.length).toBeGreaterThan(40);
  });

  it.each(drawn)("%s is lucide's markup, attribute for attribute, for every kind of props", (name, Icon) => {
    const Lucide = (lucide as unknown as Record<string, lucide.LucideIcon>)[name];
    if (!Lucide) throw new Error(`lucide has no ${name}`);
    for (const props of PROPS) {
      expect(renderToStaticMarkup(<Icon {...props} />)).toBe(renderToStaticMarkup(<Lucide {...props} />));
    }
  });

  it("gives the same elements again for the same props, and new ones for others", () => {
    const { Globe } = icons;
    expect(Globe({ className: "size-4" })).toBe(Globe({ className: "size-4" }));
    expect(Globe({ className: "size-5" })).not.toBe(Globe({ className: "size-4" }));
  });
});
