import { landingTheme, primaryEdge } from "@domain/colors";
import { LANGUAGES } from "@domain/languages";
import type { HtmlPieces } from "@web/public/html-pieces";
import { absoluteUrl } from "../storage";
import { type PublicAssets, preloadsFor } from "./assets";
import { escapeHtml } from "./html";
import type { PublicPageData, PublicPageKind } from "./page-types";

type DocumentParts = {
  data: PublicPageData;
  body: string | HtmlPieces;
  title: string;
  description: string;
  /** The page's own absolute address, without the visitor's choices. */
  canonical: string;
  assets: PublicAssets | null;
  baseUrl: string;
};

const attr = escapeHtml;

/** JSON inside <script type="application/json">: `<` escaped so no text can close the element. */
const embedJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/**
 * The embedded JSON of each landing's view as UTF-8, the most of a page's data (30 vehicles: 23 of
 * the vehicle page's 42 kB). The view is one object per landing, fleet and language while they
 * stand (public/presenter.ts), so its bytes are made once, not on every page with a new searched
 * period.
 */
const landingJson = new WeakMap<PublicPageData["landing"], Uint8Array>();

function landingBytes(landing: PublicPageData["landing"]): Uint8Array {
  let bytes = landingJson.get(landing);
  if (bytes === undefined) {
    bytes = new TextEncoder().encode(embedJson(landing));
    landingJson.set(landing, bytes);
  }
  return bytes;
}

/**
 * The picture a shared link shows: on a vehicle's page its own cover photo; elsewhere the owner's
 * Open Graph image (stored at 1200x630), else the first vehicle's cover photo, else the logo (its
 * size unknown, so none is claimed).
 */
function shareImage({ landing, page }: PublicPageData): { url: string; width?: number; height?: number } | null {
  if (page.kind === "vehicle") {
    const own = landing.vehicles.find((vehicle) => vehicle.id === page.vehicleId)?.images[0];
    if (own) return { url: own.path_images, width: own.width, height: own.height };
  }
  if (landing.og_image) return { url: landing.og_image, width: 1200, height: 630 };
  const cover = landing.vehicles.find((vehicle) => vehicle.images.length > 0)?.images[0];
  if (cover) return { url: cover.path_images, width: cover.width, height: cover.height };
  return landing.logo ? { url: landing.logo } : null;
}

/**
 * The pages a search engine may list. The steps of a booking (extras, review) only make sense
 * with a visitor's search, a visitor's own booking (thank-you, the customer's page) is private,
 * and the owner's preview is never indexed.
 */
const SEARCHABLE_PAGES = new Set<PublicPageKind>(["home", "vehicles", "vehicle", "faq"]);

/**
 * The whole HTML of a public page: everything search engines and link previews read is in the
 * first response (title, description, keywords, robots, canonical, Open Graph and Twitter tags,
 * favicons, the brand's colours), then the rendered body and the data to hydrate it.
 */
export function publicDocument({
  data,
  body,
  title,
  description,
  canonical,
  assets,
  baseUrl,
}: DocumentParts): HtmlPieces {
  const { landing, ...rest } = data;
  const theme = landingTheme(landing.color_primary, landing.color_secondary);
  const share = shareImage(data);
  const ogImage = absoluteUrl(baseUrl, share?.url ?? null);
  const searchable = !data.preview && SEARCHABLE_PAGES.has(data.page.kind);
  const robots = searchable ? landing.robots : "noindex, nofollow";
  // Each language of a page is its own address: the landing's language without `lang`, the other
  // with it, so a search engine lists each for its readers (hreflang) and neither as a copy.
  const inLanguage = (language: string) =>
    language === landing.default_language ? canonical : `${canonical}?lang=${language}`;
  // The owner's canonical address (SEO tab) names the landing's home, wherever it is served.
  const ownCanonical = data.page.kind === "home" && landing.canonical_url && data.language === landing.default_language;
  const canonicalHref = ownCanonical ? landing.canonical_url : inLanguage(data.language);
  const alternates = searchable
    ? [
        ...LANGUAGES.map((language) => [language, inLanguage(language)]),
        ["x-default", inLanguage(landing.default_language)],
      ].map(([hreflang, href]) => `<link rel="alternate" hreflang="${hreflang}" href="${attr(href ?? "")}">`)
    : [];
  const meta = (name: string, content: string) => `<meta name="${name}" content="${attr(content)}">`;
  const property = (name: string, content: string) => `<meta property="${name}" content="${attr(content)}">`;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    meta("description", description),
    landing.meta_keywords ? meta("keywords", landing.meta_keywords) : "",
    meta("robots", robots),
    `<link rel="canonical" href="${attr(canonicalHref)}">`,
    ...alternates,
    property("og:type", "website"),
    property("og:site_name", landing.display_name),
    property("og:title", landing.og_title || title),
    property("og:description", landing.og_description || description),
    property("og:url", canonicalHref),
    property("og:locale", data.language === "es" ? "es_DO" : "en_US"),
    ...(ogImage ? [property("og:image", ogImage)] : []),
    ...(ogImage && share?.width && share.height
      ? [property("og:image:width", String(share.width)), property("og:image:height", String(share.height))]
      : []),
    meta("twitter:card", ogImage ? "summary_large_image" : "summary"),
    meta("twitter:title", landing.og_title || title),
    meta("twitter:description", landing.og_description || description),
    ...(ogImage ? [meta("twitter:image", ogImage)] : []),
    // Without a favicon of its own, the landing's logo stands in (never a request that 404s).
    ...(Object.values(landing.favicon_sizes).some(Boolean) || !landing.logo
      ? []
      : [`<link rel="icon" href="${attr(landing.logo)}">`]),
    ...Object.entries(landing.favicon_sizes)
      .filter(([, url]) => url)
      .map(([size, url]) =>
        size === "180"
          ? `<link rel="apple-touch-icon" sizes="180x180" href="${attr(url ?? "")}">`
          : `<link rel="icon" type="image/png" sizes="${size}x${size}" href="${attr(url ?? "")}">`,
      ),
    meta("theme-color", theme.primary),
    `<style>:root{--brand:${theme.primary};--on-brand:${theme.onPrimary};--brand-muted:${theme.primaryMuted};--accent:${theme.secondary};--on-accent:${theme.onSecondary};--brand-ink:${theme.primaryInk};--accent-ink:${theme.secondaryInk};--accent-tint:${theme.secondaryTint};--brand-edge:${primaryEdge(theme)}}</style>`,
    ...(assets?.css ?? []).map((href) => `<link rel="stylesheet" href="${attr(href)}">`),
    ...(assets ? preloadsFor(assets, data.page.kind, data.language) : []).map(
      (href) => `<link rel="modulepreload" href="${attr(href)}">`,
    ),
  ]
    .filter(Boolean)
    .join("\n");
  const script = assets ? `<script type="module" src="${attr(assets.script)}"></script>` : "";
  // `rest` always has keys (page, language, ...): its text starts "{" and goes on with them.
  return [
    `<!doctype html>
<html lang="${data.language}">
<head>
${head}
</head>
<body>
<div id="root">`,
    ...(typeof body === "string" ? [body] : body),
    '</div>\n<script type="application/json" id="nelly-data">{"landing":',
    landingBytes(landing),
    `,${embedJson(rest).slice(1)}</script>
${script}
</body>
</html>`,
  ];
}
