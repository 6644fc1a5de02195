import { type DefaultTreeAdapterMap, parseFragment } from "parse5";

/** Test helper (never imported by the pages): a rendered body parsed by a real HTML parser. */
type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];
export const isElement = (node: Node): node is Element => "tagName" in node;

/** The rendered body parsed by a real HTML parser, with the queries these tests need. */
export function parse(html: string) {
  const all: Element[] = [];
  const walk = (node: Node) => {
    if (isElement(node)) all.push(node);
    const children = node.nodeName === "template" ? [] : "childNodes" in node ? node.childNodes : [];
    for (const child of children) walk(child as Node);
  };
  const root = parseFragment(html) as unknown as Node;
  walk(root);
  const attr = (element: Element | undefined, name: string) => element?.attrs.find((a) => a.name === name)?.value;
  const text = (node: Node | undefined): string => {
    if (!node) return "";
    if (node.nodeName === "#text") return (node as DefaultTreeAdapterMap["textNode"]).value;
    if (isElement(node) && (node.tagName === "script" || node.tagName === "style")) return "";
    return ("childNodes" in node ? node.childNodes : []).map((child) => text(child as Node)).join("");
  };
  /**
   * What a screen reader or a voice control names an element by, from its content: its text less
   * what is hidden from them (aria-hidden), an element's own aria-label in place of its content.
   */
  const named = (node: Node): string => {
    if (isElement(node)) {
      if (attr(node, "aria-hidden") === "true" || node.tagName === "script" || node.tagName === "style") return "";
      const label = attr(node, "aria-label");
      if (label !== undefined) return label;
    }
    return node.nodeName === "#text" ? text(node) : ("childNodes" in node ? node.childNodes : []).map(named).join("");
  };
  /** What a sighted visitor reads: the text less what only assistive technology gets (sr-only). */
  const seen = (node: Node): string => {
    if (isElement(node) && (attr(node, "class") ?? "").split(/\s+/).includes("sr-only")) return "";
    return node.nodeName === "#text" ? text(node) : ("childNodes" in node ? node.childNodes : []).map(seen).join("");
  };
  const clean = (value: string) => value.replace(/\s+/g, " ").trim();
  const inside = (element: Element): Element[] =>
    element.childNodes.filter(isElement).flatMap((child) => [child, ...inside(child)]);
  const byTestId = (id: string) => all.filter((element) => attr(element, "data-testid") === id);
  return {
    all,
    attr,
    /** The visible text of an element, or of the whole page. */
    text: (element?: Element) => clean(text(element ?? root)),
    /** An element's accessible name as its content gives it (`named`). */
    name: (element: Element) => clean(named(element)),
    /** An element's text as it shows on screen (`seen`). */
    seen: (element: Element) => clean(seen(element)),
    /** The elements inside an element, in document order. */
    inside,
    byTestId,
    one: (id: string) => {
      const found = byTestId(id)[0];
      if (!found) throw new Error(`no element with data-testid=${id}`);
      return found;
    },
    tag: (name: string) => all.filter((element) => element.tagName === name),
  };
}
