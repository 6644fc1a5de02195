import { landingTheme } from "@domain/colors";
import { type Language, languageOr } from "@domain/languages";
import { type ApiMessageKey, translate } from "@domain/messages";
import type { FastifyReply, FastifyRequest } from "fastify";
import { requestLanguage } from "../http/language";
import { escapeHtml } from "./html";

/**
 * The plain, translated 404 page for any path that is neither the API nor a page we serve. Its link
 * goes to `/`, the operators' sign-in; an address shaped like a landing's (a site unpublished or
 * gone, which its travellers may still open) has none: a traveller has nothing to sign in to. An
 * owner signed in in this browser (`"dashboard"`) who mistyped a screen's address ("/reservaciones")
 * is given the way back to their dashboard instead (a walk's finding: a dead end).
 */
export function sendNotFoundPage(request: FastifyRequest, reply: FastifyReply, to: keyof typeof WAYS_ON = "home") {
  return sendStatusPage(request, reply, 404, {
    title: "pageNotFoundTitle",
    body: "pageNotFoundBody",
    link: WAYS_ON[to],
  });
}

/** Where the plain 404 leads: the operators' sign-in, an owner's dashboard, or nowhere. */
const WAYS_ON = {
  home: { text: "pageNotFoundLink", href: "/" },
  dashboard: { text: "pageNotFoundDashboardLink", href: "/landings" },
  none: null,
} as const satisfies Record<string, StatusPage["link"]>;

/** What a landing's own 404 page shows of it. */
export type NotFoundBrand = {
  displayName: string;
  colorPrimary: string;
  colorSecondary: string;
  /** The landing's home: `/{name}`, or `/` on its own domain. */
  home: string;
  language: Language;
};

/**
 * A landing's own 404 (a vehicle it no longer offers, a reservation link with a wrong token): the
 * visitor stays in the operator's site, in its colours and language, with a way back to its home
 * rather than to the operators' sign-in.
 */
export function sendLandingNotFoundPage(request: FastifyRequest, reply: FastifyReply, brand: NotFoundBrand) {
  return sendStatusPage(
    request,
    reply,
    404,
    {
      title: "pageNotFoundTitle",
      body: "landingPageNotFoundBody",
      link: { text: "landingPageNotFoundLink", href: brand.home },
    },
    brand,
  );
}

/**
 * A page that could not be rendered: 503 while the database is away ("back in a moment"), 500 for
 * anything else. Either way a person gets a translated page with a way to try again, never JSON.
 */
export function sendErrorPage(request: FastifyRequest, reply: FastifyReply, status: 500 | 503) {
  const retry = { text: "pageRetryLink" as const, href: request.url };
  return status === 503
    ? sendStatusPage(request, reply, 503, { title: "pageUnavailableTitle", body: "pageUnavailableBody", link: retry })
    : sendStatusPage(request, reply, 500, { title: "pageErrorTitle", body: "pageErrorBody", link: retry });
}

type StatusPage = { title: ApiMessageKey; body: ApiMessageKey; link: { text: ApiMessageKey; href: string } | null };

function sendStatusPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  page: StatusPage,
  brand?: NotFoundBrand,
) {
  // The site's pages follow ?lang= (its language switch), so its 404s do too; else the browser's.
  const language =
    brand?.language ?? languageOr((request.query as { lang?: unknown } | undefined)?.lang, requestLanguage(request));
  return reply
    .status(status)
    .type("text/html; charset=utf-8")
    .header("Cache-Control", "no-cache")
    .send(statusPageHtml([language], status, page, brand));
}

/**
 * A status page's HTML, whole in itself (its style inline, no script, nothing but its own words):
 * in each of `languages`, the first as the page's, the others after it in their own `lang` (a
 * request refused before its language was read speaks both, `clientErrors`).
 */
export function statusPageHtml(
  languages: readonly [Language, ...Language[]],
  status: number,
  page: StatusPage,
  brand?: NotFoundBrand,
): string {
  const params = { name: brand?.displayName ?? "" };
  const words = (language: Language, heading: "h1" | "h2") => {
    const link = page.link
      ? `<a href="${escapeHtml(page.link.href)}">${escapeHtml(translate(language, page.link.text, params))}</a>`
      : "";
    return `<${heading}>${escapeHtml(translate(language, page.title, params))}</${heading}><p>${escapeHtml(translate(language, page.body, params))}</p>${link}`;
  };
  const [language, ...others] = languages;
  const title = languages.map((each) => escapeHtml(translate(each, page.title, params))).join(" / ");
  // Titled as the site's other pages are: the page, the landing's name, then " | Nelly" (PRODUCT).
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}${brand ? ` · ${escapeHtml(brand.displayName)}` : ""} | Nelly</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; background: #f6f7f9; color: #1f2937; }
  main { max-width: 28rem; padding: 2rem; text-align: center; }
  h1, h2 { font-size: 1.5rem; margin: 0 0 .75rem; }
  p { color: #4b5563; line-height: 1.5; margin: 0 0 1.5rem; }
  a { color: #4338ca; font-weight: 600; }
  section { margin-top: 2rem; padding-top: 2rem; border-top: 1px solid #d1d5db; }
  .code { font-size: 3rem; font-weight: 700; color: #4b5563; margin-bottom: .5rem; }${brand ? brandStyle(brand) : ""}
  /* A screen narrow for its text (a 320 px phone with its text at 200 % is 10rem wide): the side
     margins shrink and the titles a step, so the words fit the screen rather than push it sideways;
     a name with no space breaks rather than run out of it. */
  @media (width < 20rem) {
    body { overflow-wrap: break-word; }
    main, header { padding-inline: .5rem; }
    h1, h2 { font-size: 1.25rem; }
  }
</style>
</head>
<body>${brand ? `<header>${escapeHtml(brand.displayName)}</header>` : ""}<main><div class="code" aria-hidden="true">${status}</div>${words(language, "h1")}${others.map((other) => `<section lang="${other}">${words(other, "h2")}</section>`).join("")}</main></body>
</html>`;
}

/** The landing's colours on its 404: its name in a bar of its primary colour, links in a readable shade of it. */
function brandStyle(brand: NotFoundBrand) {
  const theme = landingTheme(brand.colorPrimary, brand.colorSecondary);
  return `
  body { display: flex; flex-direction: column; align-items: stretch; background: #fff; }
  header { background: ${theme.primary}; color: ${theme.onPrimary}; padding: 1rem 1.5rem; font-weight: 700; font-size: 1.125rem; }
  main { margin: auto; }
  a { color: ${theme.primaryInk}; }`;
}
