import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Fails unless `upper` ends above where `lower` starts on screen: a field's message in view above a
 * form's bar of actions, not under it.
 */
export async function expectAbove(upper: Locator, lower: Locator) {
  const top = await upper.boundingBox();
  const bottom = await lower.boundingBox();
  expect(top, "the upper element is on screen").not.toBeNull();
  expect(bottom, "the lower element is on screen").not.toBeNull();
  expect((top?.y ?? 0) + (top?.height ?? 0)).toBeLessThanOrEqual(bottom?.y ?? 0);
}

/** Fails if the page scrolls sideways: something wider than the window pushes it out. */
export async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}

/** Fails unless `inner` lies within `outer`'s left and right edges (half a pixel of rounding allowed). */
export async function expectWithinSides(inner: Locator, outer: Locator) {
  const box = await inner.boundingBox();
  const frame = await outer.boundingBox();
  expect(box, "the inner element is on screen").not.toBeNull();
  expect(frame, "the outer element is on screen").not.toBeNull();
  expect(box?.x ?? 0).toBeGreaterThanOrEqual((frame?.x ?? 0) - 0.5);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((frame?.x ?? 0) + (frame?.width ?? 0) + 0.5);
}

/** Fails if what `element` holds is wider than its box: a long word running out of it (even when clipped). */
export async function expectContentFits(element: Locator) {
  const { content, box } = await element.evaluate((node) => ({ content: node.scrollWidth, box: node.clientWidth }));
  expect(content, "its content is no wider than its box").toBeLessThanOrEqual(box);
}

/**
 * The lines an element's text is laid out on: its line boxes' distinct tops (`Range.getClientRects`
 * gives one box per line, and per inline piece on it). A height over a line height reads `NaN` when
 * the line height is `normal`, and a box stretched by its row counts lines that are not there.
 */
export function textLines(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
  });
}

/**
 * Text at 200 %, as a visitor sets Chrome's text size: it raises the browser's default font size,
 * which every rem and em follows, media and container queries included (an `html { font-size: 200% }`
 * would leave the queries at 16 px). `Page.setFontSizes` does the same, for as long as its CDP
 * session stays open (detached, the page goes back to 16 px) and until a full-page screenshot
 * (`fullPage: true`), which drops it.
 */
export async function doubleTheText(page: Page) {
  await setTextSize(page, 2);
}

/** Chrome's text size as a factor of its default 16 px (1 puts it back). */
export async function setTextSize(page: Page, factor: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: 16 * factor, fixed: 13 * factor } });
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(`${16 * factor}px`);
}

/**
 * What keeps the screen from reflowing into the window's width (WCAG 1.4.10), each named with the
 * element at fault, empty when all is well:
 * - the page scrolls sideways;
 * - an element ends past the window's right edge, or past the edge of a box that cuts it off,
 *   outside a region meant to scroll sideways (a table's wrapper, the planner's grid), which must
 *   then be one a keyboard can reach (focusable itself or holding something focusable);
 * - a button's or a link's words run out of its box instead of wrapping;
 * - a word is broken in the middle where it fits whole on its line or on the page's (a column
 *   squeezed beside a photo or a button), or in a title too large for the page (`overflow-wrap`
 *   breaks a word only as a last resort: a string longer than the page's line, or one with no place
 *   to end a line, an email, an address, a code name);
 * - an amount ("US$1,250.00") is broken, however wide: it must be drawn smaller to fit;
 * - a date (dd-mm-yyyy) is broken at one of its hyphens;
 * - words run over the edge of the box drawn around them (a card, a field, a pill), even where the
 *   box cuts nothing off: a total too wide for its card;
 * - a pill (a box whose ends are half circles) holds more than one line of words: an oval around a
 *   paragraph;
 * - a field cuts what it shows: its placeholder, a date or a time (`datesCut`), or a value short
 *   enough for a field as wide as its column allows (a card's on the page's), so the field is
 *   narrower than it need be. A longer value shows its start and the caret, as any field does;
 * - a list (a select) cuts the choice it shows where a list as wide as its column would show it
 *   whole ("Silla infanti", "Elige un pa…");
 * - an icon is squeezed narrower than it is tall by the words beside it (`squeezedIcons`).
 */
export async function reflowProblems(page: Page): Promise<string[]> {
  return [...(await boxProblems(page)), ...(await datesCut(page)), ...(await squeezedIcons(page))];
}

/**
 * Square icons drawn narrower than they are tall: squeezed by the words beside them in a flex row,
 * which gives up an icon's width first ("Tomar foto de la licencia" at 200 % left its camera 6 px).
 */
function squeezedIcons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.body.querySelectorAll("svg")].flatMap((icon) => {
      const view = icon.viewBox.baseVal;
      const box = icon.getBoundingClientRect();
      if (!view || view.width === 0 || view.width !== view.height || box.height <= 1) return [];
      if (box.width >= box.height - 0.5) return [];
      const beside = (icon.parentElement?.innerText ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
      return [
        `an icon beside "${beside}" is squeezed to ${Math.round(box.width)} px wide, ${Math.round(box.height)} px tall`,
      ];
    }),
  );
}

function boxProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const windowWidth = root.clientWidth;
    if (root.scrollWidth > windowWidth)
      problems.push(`the page scrolls sideways by ${root.scrollWidth - windowWidth} px`);
    const shown = (element: Element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      // Hidden, or visually hidden (sr-only: a 1 px box clipped to nothing).
      return style.visibility !== "hidden" && box.width > 1 && box.height > 1;
    };
    const named = (element: Element) => {
      const text = ((element as HTMLElement).innerText || element.getAttribute("aria-label") || "")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 50);
      return `<${element.tagName.toLowerCase()}> "${text}"`;
    };
    const focusable = "a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex='-1'])";
    /** The nearest ancestor that clips or scrolls sideways, if any. */
    const clipperOf = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return parent;
      }
      return null;
    };
    /** Inside a box clipped to nothing: visually hidden on purpose (sr-only), read by screen readers only. */
    const hiddenBoxes = new Map<Element, boolean>();
    const visuallyHidden = (element: Element): boolean => {
      const parent = element.parentElement;
      if (!parent || parent === document.body) return false;
      let hidden = hiddenBoxes.get(parent);
      if (hidden === undefined) {
        const box = parent.getBoundingClientRect();
        hidden =
          (getComputedStyle(parent).overflowX !== "visible" && (box.width <= 1 || box.height <= 1)) ||
          visuallyHidden(parent);
        hiddenBoxes.set(parent, hidden);
      }
      return hidden;
    };
    /** The width text has on the page: inside the dialog or the main column it is in, past their paddings. */
    const columnOf = (element: Element) => {
      const frame = element.closest("[role=dialog], main");
      if (!frame) return windowWidth;
      const style = getComputedStyle(frame);
      return frame.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    };
    /**
     * The lines of words in a pill: a box drawn (a fill or a border) whose corners' radius is half
     * its height or more, so its ends are half circles. 0 for any other element.
     */
    const pillLines = (element: Element, box: DOMRect) => {
      const style = getComputedStyle(element);
      const drawn = style.backgroundColor !== "rgba(0, 0, 0, 0)" || parseFloat(style.borderTopWidth) > 0;
      if (!drawn || parseFloat(style.borderTopLeftRadius) < box.height / 2 - 0.5) return 0;
      const tops = new Set<number>();
      const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const parent = node.parentElement;
        if (!node.textContent?.trim() || !parent || !shown(parent) || visuallyHidden(parent)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const piece of range.getClientRects()) if (piece.width > 0) tops.add(Math.round(piece.top));
      }
      return tops.size;
    };
    const rootStyle = getComputedStyle(root);
    // The spacing step: 4 px on a screen narrow for its text (web/lib/narrow-text.css), else 0.25rem.
    const spacingText = rootStyle.getPropertyValue("--spacing").trim() || "0.25rem";
    const spacing = parseFloat(spacingText) * (spacingText.endsWith("rem") ? parseFloat(rootStyle.fontSize) : 1);
    const measure = document.createElement("canvas").getContext("2d");
    /**
     * What a text field cuts off: its placeholder, or a value that a field as wide as its column
     * allows would show whole (the column less the page's gutter and a card's padding and border
     * on each side, 9 spacing steps and 1 px). Both measured in the field's own font.
     */
    const textCut = (input: HTMLInputElement): string | null => {
      if (!["text", "email", "tel", "search", "url"].includes(input.type) || !measure) return null;
      const style = getComputedStyle(input);
      measure.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = input.value || input.placeholder;
      if (!text) return null;
      const width = measure.measureText(text).width;
      const sides = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      const room = input.clientWidth - sides;
      if (width <= room + 0.5) return null;
      const name = input.labels?.[0]?.innerText.trim() || input.getAttribute("aria-label") || input.id;
      if (!input.value)
        return `the field "${name}" cuts its placeholder "${text}" (${Math.round(width)} px in ${Math.round(room)})`;
      const frame = input.offsetWidth - input.clientWidth + sides;
      const fullWidth = columnOf(input) - 2 * (9 * spacing + 1) - frame;
      if (width <= fullWidth)
        return `the field "${name}" cuts "${text}" (${Math.round(width)} px in ${Math.round(room)}), which a field as wide as its column would show`;
      return null;
    };
    /**
     * Room Chromium's native select (appearance: auto) keeps for its drop-down arrow inside its
     * content box: its text is laid out in an inner box 4 px in from the content box's left and
     * 16 px in from its right, which clips it, whatever the font size (measured through the
     * DevTools protocol: the `-internal-select-inner-element` box of a 200 px select, at 16 and at
     * 32 px text). Drawn without it (appearance: none, the dashboard's, with its own chevron over
     * its right padding) that inner box is the whole content box.
     */
    const nativeArrow = 20;
    /**
     * What a select cuts off of the choice it shows, where a select as wide as its column allows,
     * with the least padding, would show it whole (as `textCut` for a field's value): a long
     * country name in a select as wide as its column is cut as any field's long value is.
     */
    const selectCut = (select: HTMLSelectElement): string | null => {
      const text = select.selectedOptions[0]?.text.trim();
      if (!text || !measure || select.multiple || select.size > 1) return null;
      const style = getComputedStyle(select);
      measure.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const width = measure.measureText(text).width;
      const arrow = style.appearance === "none" ? 0 : nativeArrow;
      const sides = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + arrow;
      const room = select.clientWidth - sides;
      if (width <= room + 0.5) return null;
      // The least a list needs around its choice: its borders, its arrow, and 2 spacing steps of
      // padding a side, which a narrow screen gives it (web/lib/narrow-text.css).
      const frame = select.offsetWidth - select.clientWidth + arrow + 4 * spacing;
      const fullWidth = columnOf(select) - 2 * (9 * spacing + 1) - frame;
      // A choice too long for any list is the data's (a country's name); the empty choice's prompt
      // is the page's own words, which must fit ("Choose a country" showed "Choose a cou").
      const prompt = select.selectedOptions[0]?.value === "";
      if (width > fullWidth && !prompt) return null;
      const name = select.labels?.[0]?.innerText.trim() || select.getAttribute("aria-label") || select.id;
      return `the list "${name}" cuts "${text}" (${Math.round(width)} px in ${Math.round(room)}), which a list as wide as its column would show`;
    };
    // Each fault once, at the outermost element that has it: a cut-off table, not each of its cells.
    const faulty = new Set<Element>();
    const fault = (element: Element, problem: string) => {
      faulty.add(element);
      if (!element.parentElement || !faulty.has(element.parentElement)) problems.push(problem);
    };
    const unreachable = new Set<Element>();
    for (const element of document.body.querySelectorAll("*")) {
      if (element instanceof SVGElement && !(element instanceof SVGSVGElement)) continue;
      if (!shown(element) || visuallyHidden(element)) continue;
      const box = element.getBoundingClientRect();
      const clipper = clipperOf(element);
      if (!clipper) {
        if (box.right > windowWidth + 0.5)
          fault(element, `${named(element)} ends ${Math.round(box.right - windowWidth)} px past the window`);
      } else {
        const edge = clipper.getBoundingClientRect();
        const style = getComputedStyle(clipper);
        const scrolls = style.overflowX === "auto" || style.overflowX === "scroll";
        if (
          box.right > edge.right + 0.5 &&
          !scrolls &&
          style.textOverflow !== "ellipsis" &&
          element.textContent?.trim()
        )
          fault(element, `${named(element)} is cut off ${Math.round(box.right - edge.right)} px by ${named(clipper)}`);
        if (
          scrolls &&
          clipper.scrollWidth > clipper.clientWidth + 1 &&
          !unreachable.has(clipper) &&
          clipper.tabIndex < 0 &&
          !clipper.querySelector(focusable)
        ) {
          problems.push(`${named(clipper)} scrolls sideways but no key reaches it`);
          unreachable.add(clipper);
        }
      }
      if (element.matches("button, a, label, [role=tab]") && getComputedStyle(element).overflowX === "visible") {
        if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0)
          problems.push(`${named(element)}'s words run ${element.scrollWidth - element.clientWidth} px out of it`);
      }
      const lines = pillLines(element, box);
      if (lines > 1) problems.push(`the pill ${named(element)} wraps to ${lines} lines inside its oval`);
      if (element instanceof HTMLInputElement) {
        const cut = textCut(element);
        if (cut) problems.push(cut);
      }
      if (element instanceof HTMLSelectElement) {
        const cut = selectCut(element);
        if (cut) problems.push(cut);
      }
    }
    /**
     * The nearest box around `element` that draws its right edge (a card, a field, a pill), if no
     * box that clips or scrolls comes first (that one's own check above applies there).
     */
    const frameOf = (element: Element) => {
      for (let box: Element | null = element; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (parseFloat(style.borderRightWidth) > 0) return box;
        if (style.overflowX !== "visible") return null;
      }
      return null;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !shown(parent) || visuallyHidden(parent)) continue;
      // Words drawn over their card's edge, which cuts nothing off: a total too wide for its card.
      const frame = node.textContent?.trim() ? frameOf(parent) : null;
      if (frame) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const edge = frame.getBoundingClientRect().right - parseFloat(getComputedStyle(frame).borderRightWidth);
        const right = range.getBoundingClientRect().right;
        if (right > edge + 0.5)
          problems.push(`${named(parent)} runs ${Math.round(right - edge)} px out of ${named(frame)}`);
      }
      // A hyphen is a place a line may end ("días-unidad"): the parts either side are the words.
      for (const word of (node.textContent ?? "").matchAll(/[^\s-]{2,}-?/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const pieces = [...range.getClientRects()].filter((piece) => piece.width > 0);
        if (new Set(pieces.map((piece) => Math.round(piece.top))).size < 2) continue;
        const width = pieces.reduce((sum, piece) => sum + piece.width, 0);
        let block: Element = parent;
        while (getComputedStyle(block).display.startsWith("inline") && block.parentElement) block = block.parentElement;
        const style = getComputedStyle(block);
        const line = block.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const page = columnOf(block);
        // An amount ("US$1,250.00") is read whole or misread: never broken, however wide it is.
        if (/\d[.,]\d/.test(word[0])) {
          problems.push(`the amount "${word[0]}" is broken in ${named(block)}`);
          continue;
        }
        // An address, an email or a code name has no place to end a line but anywhere: it may break.
        if (/[@/\\_]|\w\.\w/.test(word[0])) continue;
        if (width <= line + 1)
          problems.push(`"${word[0]}" is broken though it fits its ${Math.round(line)} px line in ${named(block)}`);
        else if (width <= page)
          problems.push(
            `"${word[0]}" is broken on a ${Math.round(line)} px line in ${named(block)}, where the page's ${Math.round(page)} px would hold it`,
          );
        else if (block.matches("h1, h2"))
          problems.push(`"${word[0]}" of the title ${named(block)} is wider than the page's ${Math.round(page)} px`);
      }
      // A date is one word, though a line may end at its hyphens: "06-12-" / "2026" misreads.
      for (const date of (node.textContent ?? "").matchAll(/\b\d{2}-\d{2}-\d{4}\b/g)) {
        const range = document.createRange();
        range.setStart(node, date.index);
        range.setEnd(node, date.index + date[0].length);
        const tops = [...range.getClientRects()].filter((piece) => piece.width > 0).map((piece) => piece.top);
        if (new Set(tops.map(Math.round)).size > 1)
          problems.push(`the date "${date[0]}" is broken at its hyphen in ${named(parent)}`);
      }
    }
    return problems;
  });
}

/** A node of the DevTools protocol's DOM tree, user-agent shadow roots included. */
type ProtocolNode = {
  nodeId: number;
  nodeName: string;
  attributes?: string[];
  children?: ProtocolNode[];
  shadowRoots?: ProtocolNode[];
};

/**
 * Date and time fields that cut what they show ("mm/dd/y", "12/31/20"): the field's last part
 * (the year, the AM/PM) ends past its box's padding or under its picker's button. Chromium draws
 * those parts in the field's user-agent shadow tree, which a page's script cannot measure (the
 * field's scrollWidth stays its width), so they are measured through the DevTools protocol.
 */
async function datesCut(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send("DOM.getDocument", { depth: -1, pierce: true })) as { root: ProtocolNode };
    const attribute = (node: ProtocolNode, name: string) => {
      const at = node.attributes?.findIndex((value, index) => index % 2 === 0 && value === name) ?? -1;
      return at >= 0 ? node.attributes?.[at + 1] : undefined;
    };
    const inside = (node: ProtocolNode): ProtocolNode[] => [
      node,
      ...[...(node.shadowRoots ?? []), ...(node.children ?? [])].flatMap(inside),
    ];
    // A box's quad: x, y of its four corners; the left and right edges are enough here.
    const box = async (node: ProtocolNode, which: "content" | "border") => {
      try {
        const { model } = (await cdp.send("DOM.getBoxModel", { nodeId: node.nodeId })) as {
          model: Record<"content" | "border", number[]>;
        };
        const quad = model[which];
        return { left: quad[0] ?? 0, right: quad[2] ?? 0, width: (quad[2] ?? 0) - (quad[0] ?? 0) };
      } catch {
        return null; // Not drawn (display: none).
      }
    };
    const problems: string[] = [];
    for (const field of inside(root).filter((node) => node.nodeName === "INPUT")) {
      const parts = inside(field).filter((node) =>
        /^-webkit-datetime-edit-\w+-field$/.test(attribute(node, "pseudo") ?? ""),
      );
      const content = parts.length > 0 ? await box(field, "content") : null;
      if (!content || content.width <= 1) continue;
      const picker = inside(field).find((node) => attribute(node, "pseudo") === "-webkit-calendar-picker-indicator");
      const button = picker ? await box(picker, "border") : null;
      const end = Math.min(content.right, button && button.width > 0 ? button.left : content.right);
      for (const part of parts) {
        const shown = await box(part, "border");
        if (!shown || shown.right <= end + 0.5) continue;
        const name = attribute(part, "aria-label")?.toLowerCase();
        problems.push(
          `the ${attribute(field, "type")} field #${attribute(field, "id") ?? "?"} cuts its ${name} by ${Math.round(shown.right - end)} px`,
        );
        break;
      }
    }
    return problems;
  } finally {
    await cdp.detach();
  }
}
