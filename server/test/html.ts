import { type DefaultTreeAdapterMap, parse } from "parse5";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

const isElement = (node: Node): node is Element => "tagName" in node;

/** A parsed HTML document with the few queries the page tests need (a real parser, not substrings). */
export function parseHtml(html: string) {
  const root = parse(html);
  const all: Element[] = [];
  const walk = (node: Node) => {
    if (isElement(node)) all.push(node);
    for (const child of "childNodes" in node ? node.childNodes : []) walk(child);
  };
  walk(root as unknown as Node);
  const attribute = (element: Element | undefined, name: string) =>
    element?.attrs.find((attr) => attr.name === name)?.value ?? null;
  const text = (element: Element | undefined): string => {
    if (!element) return "";
    return element.childNodes
      .map((child) =>
        "value" in child && child.nodeName === "#text"
          ? child.value
          : isElement(child as Node)
            ? text(child as Element)
            : "",
      )
      .join("");
  };
  return {
    elements: (tag: string) => all.filter((element) => element.tagName === tag),
    meta: (key: string) =>
      attribute(
        all.find(
          (element) =>
            element.tagName === "meta" &&
            (attribute(element, "name") === key || attribute(element, "property") === key),
        ),
        "content",
      ),
    link: (rel: string) =>
      all
        .filter((element) => element.tagName === "link" && attribute(element, "rel") === rel)
        .map((el) => attribute(el, "href")),
    title: () => text(all.find((element) => element.tagName === "title")),
    lang: () =>
      attribute(
        all.find((element) => element.tagName === "html"),
        "lang",
      ),
    byId: (id: string) => all.find((element) => attribute(element, "id") === id),
    byTestId: (id: string) => all.filter((element) => attribute(element, "data-testid") === id),
    text,
    attribute,
  };
}
