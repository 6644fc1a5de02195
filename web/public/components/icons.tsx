import type { LucideIcon } from "lucide-react";
import { createElement, type ReactElement, type SVGProps } from "react";
import { escapeLikeReact } from "../lib/escape-html";

/**
 * The public site's icons: lucide's drawings, each made into a React element once per set of
 * props (its shapes as its inner HTML, `shapesMarkup`) and the same element given on every render
 * after. lucide's own component works its attributes out anew on every render (merging classes,
 * spreading defaults), and a searched list drew a dozen icons per page: 8 to 10 % of a render
 * thread's time for a period never asked before (issue 29, docs/performance.md). The markup is
 * lucide's own, attribute for attribute (icons.test.tsx holds it to that).
 *
 * Each file keeps the icons it draws, `const Globe = keptIcon(lucide.Globe)`, so each page's
 * script still carries only its own.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "ref" | "children">;
export type Icon = (props: IconProps) => ReactElement;

type Drawing = { name?: string; aliases?: string[]; node: [string, Record<string, string>][] };

/**
 * lucide's drawing of an icon. Its component hands it, before any hook runs, to the element it
 * makes; that element is made here and read, never rendered.
 */
function drawingOf(icon: LucideIcon): Drawing {
  const component = icon as unknown as { render(props: object, ref: null): ReactElement<{ icon: Drawing }> };
  return component.render({}, null).props.icon;
}

const DEFAULTS = {
  xmlns: "http://www.w3.org/2000/svg",
  width: 24,
  height: 24,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/** As lucide decides whether to hide an icon from screen readers: nothing about it is said. */
const says = (props: IconProps) =>
  Object.keys(props).some((prop) => prop.startsWith("aria-") || prop === "role" || prop === "title");

/** Each class once, in order (as lucide's `mergeClasses`). */
const classes = (...lists: (string | undefined)[]) =>
  [...new Set(lists.flatMap((list) => (list ? list.split(/\s+/) : [])).filter(Boolean))].join(" ");

/**
 * The drawing's shapes as the markup React writes for them (attributes in lucide's order, `key`
 * left out), given to the <svg> as its inner HTML: React then writes one element per icon, not a
 * dozen (a calendar is ten shapes). The elements around a list's cards are most of a render
 * thread's time for a period never searched before, and a fifth of them were icons' shapes
 * (issue 29). The browser parses the same shapes from the same text, so hydration finds them as
 * they are.
 */
function shapesMarkup(drawing: Drawing): string {
  return drawing.node
    .map(([tag, attrs]) => {
      const written = Object.entries(attrs)
        .filter(([name]) => name !== "key")
        .map(([name, value]) => ` ${name}="${escapeLikeReact(String(value))}"`);
      return `<${tag}${written.join("")}></${tag}>`;
    })
    .join("");
}

/** The icon's element for these props: lucide's attributes, in lucide's order, and its shapes. */
function draw(drawing: Drawing, shapes: string, { className, ...rest }: IconProps): ReactElement {
  const own = [...(drawing.name ? [drawing.name] : []), ...(drawing.aliases ?? [])].map((name) => `lucide-${name}`);
  const attributes = {
    ...DEFAULTS,
    className: classes("lucide", ...own, className),
    ...(says(rest) ? {} : { "aria-hidden": "true" }),
    ...rest,
  };
  return createElement("svg", { ...attributes, dangerouslySetInnerHTML: { __html: shapes } });
}

/** Sets of props per icon kept at most: the site's own few, never one per value a visitor sent. */
const KEPT_PER_ICON = 32;

export function keptIcon(icon: LucideIcon): Icon {
  const drawing = drawingOf(icon);
  const shapes = shapesMarkup(drawing);
  const kept = new Map<string, ReactElement>();
  return (props) => {
    const key = JSON.stringify(props);
    let element = kept.get(key);
    if (!element) {
      element = draw(drawing, shapes, props);
      if (kept.size < KEPT_PER_ICON) kept.set(key, element);
    }
    return element;
  };
}
