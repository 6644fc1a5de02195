import { LRUCache } from "lru-cache";
import { preload } from "react-dom";
import { renderToString } from "react-dom/server";
import { CardIconSprite } from "./components/card-icons";
import { CARD_SIZES, VehicleCard, type VehicleCardProps } from "./components/vehicle-card";
import { type PageContextValue, PageProvider } from "./context";
import type { HtmlPieces } from "./html-pieces";
import { escapeLikeReact } from "./lib/escape-html";

/**
 * Server only: a vehicle card's HTML kept with stand-ins for what changes with the searched period
 * (its address, its total and its price per day), so a list searched for a period nobody asked before renders each
 * card by filling the stand-ins in, not through React again (issue 29: rendering 30 cards was
 * most of such a list's time). The stand-ins are characters of Unicode's private use area, which
 * React writes as they are; the values go in escaped as React escapes them, so the HTML is the
 * very HTML React writes for the card (card-markup.test.tsx holds it to that).
 */
const SLOTS = { href: "\uE000", amount: "\uE001", label: "\uE002", perDay: "\uE003" } as const;
type Slot = keyof typeof SLOTS;
const SLOT_OF = new Map<string, Slot>(Object.entries(SLOTS).map(([slot, mark]) => [mark, slot as Slot]));
const SLOT_MARKS = /([\uE000-\uE003])/;

/**
 * The card's HTML cut at its stand-ins: `parts[i]`, then the value of `slots[i]`, and so on. The
 * parts are kept as UTF-8, so a page copies them into its bytes rather than encoding them again.
 */
type Template = { parts: Uint8Array[]; slots: Slot[] };

const encoder = new TextEncoder();

/**
 * Each landing's view (one object per landing, fleet and language while they stand; an edit makes
 * a new one) by a number of its own, so the templates can be keyed by it.
 */
const viewIds = new WeakMap<PageContextValue["data"]["landing"], number>();
let lastViewId = 0;

/**
 * Templates per view, vehicle and what shapes its card (false: the card cannot be kept). One
 * bound for all landings, in bytes, the least recently used going first: an old view's cards are
 * never asked again and go, while the cards of the landings travellers search stay.
 */
const kept = new LRUCache<string, Template | false>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (template) =>
    64 + (template ? template.parts.reduce((bytes, part) => bytes + part.byteLength, 0) : 0),
});

/**
 * The card alone, as React writes it inside the page. Rendered on its own, React puts the preload
 * it makes for an eager photo in front of the card; inside the page that preload goes at the top,
 * so it is cut here and asked of the page's own render instead (`cardsMarkup`).
 */
const render = (page: PageContextValue, card: VehicleCardProps) =>
  renderToString(
    <PageProvider data={page.data} t={page.t}>
      <VehicleCard {...card} />
    </PageProvider>,
  ).replace(/^(?:<link [^>]*\/>)+/, "");

/**
 * The card with stand-ins, cut at them; null when the owner's own text holds one of the
 * characters (each stand-in must appear exactly where React put it, once).
 */
function templateOf(page: PageContextValue, card: VehicleCardProps): Template | null {
  const html = render(page, {
    ...card,
    href: SLOTS.href,
    total: card.total ? { amount: SLOTS.amount, label: SLOTS.label, perDay: SLOTS.perDay } : card.total,
  });
  const pieces = html.split(SLOT_MARKS);
  const parts: Uint8Array[] = [];
  const slots: Slot[] = [];
  pieces.forEach((piece, index) => {
    if (index % 2 === 0) parts.push(encoder.encode(piece));
    else slots.push(SLOT_OF.get(piece) as Slot);
  });
  const expected: Slot[] = card.total ? ["href", "perDay", "amount", "label"] : ["href"];
  return slots.length === expected.length && expected.every((slot) => slots.includes(slot)) ? { parts, slots } : null;
}

/** A kept card's key: its view, and what, besides its address and total, decides its HTML. */
function keyOf(page: PageContextValue, { vehicle, total, available, reasons, heading, eager }: VehicleCardProps) {
  const { landing, language } = page.data;
  let view = viewIds.get(landing);
  if (view === undefined) {
    view = ++lastViewId;
    viewIds.set(landing, view);
  }
  // Joined by hand, the reasons (text) as JSON: JSON.stringify of it all was a twentieth of a list's
  // render, and most cards have no reasons (issue 29).
  const why = reasons?.length ? JSON.stringify(reasons) : "";
  return `${view} ${language} ${vehicle.id} ${Boolean(total)} ${available ?? true} ${heading} ${eager} ${why}`;
}

/** The query of the last card's address, and that query escaped. */
let lastQuery = { text: "", escaped: "" };

/**
 * A card's address escaped for its attribute. A list's cards all carry the same query (the search
 * and the filters), which is escaped once, not once per card: escaping thirty such addresses was
 * 3 % of a render thread's time for a list searched for a new period (issue 29).
 */
function escapedHref(href: string): string {
  const at = href.indexOf("?");
  if (at < 0) return escapeLikeReact(href);
  const query = href.slice(at);
  if (query !== lastQuery.text) lastQuery = { text: query, escaped: escapeLikeReact(query) };
  return escapeLikeReact(href.slice(0, at)) + lastQuery.escaped;
}

/** How each stand-in's value is escaped for where it stands. */
const ESCAPED: Record<Slot, (value: string) => string> = {
  href: escapedHref,
  amount: escapeLikeReact,
  label: escapeLikeReact,
  perDay: escapeLikeReact,
};

/** The card's HTML added to `pieces`: its kept parts with its own values between them. */
function addCard(pieces: HtmlPieces, page: PageContextValue, card: VehicleCardProps): void {
  const key = keyOf(page, card);
  let template = kept.get(key);
  if (template === undefined) {
    template = templateOf(page, card) ?? false;
    kept.set(key, template);
  }
  const values: Record<Slot, string> = {
    href: card.href,
    amount: card.total?.amount ?? "",
    label: card.total?.label ?? "",
    perDay: card.total?.perDay ?? "",
  };
  // React writes no text at all for an empty string, where the template has a stand-in.
  if (!template || template.slots.some((slot) => values[slot] === "")) {
    pieces.push(render(page, card));
    return;
  }
  const { parts, slots } = template;
  pieces.push(parts[0] ?? EMPTY);
  slots.forEach((slot, index) => {
    pieces.push(ESCAPED[slot](values[slot]), parts[index + 1] ?? EMPTY);
  });
}

const EMPTY = new Uint8Array(0);
let spriteBytes: Uint8Array | undefined;

/**
 * The grid's inner HTML: the shared icons, then each card. Called while React renders the page,
 * so the preloads React makes for the eager photos of cards it renders itself are asked of that
 * render here, before any card of its own is rendered, and land where they always did.
 */
export function cardsPieces(page: PageContextValue, cards: VehicleCardProps[]): HtmlPieces {
  for (const { vehicle, eager } of cards) {
    const image = vehicle.images[0];
    if (eager && image) {
      preload(image.path_images, {
        as: "image",
        imageSrcSet: image.srcset || undefined,
        imageSizes: CARD_SIZES,
        fetchPriority: "high",
      });
    }
  }
  spriteBytes ??= encoder.encode(renderToString(<CardIconSprite />));
  const pieces: HtmlPieces = [spriteBytes];
  for (const card of cards) addCard(pieces, page, card);
  return pieces;
}
