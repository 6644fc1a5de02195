import { toLocal } from "@domain/rental-time";
import { REFERENCE_PATTERN } from "@domain/reservations";
import { BOOKING_KEYS, FILTER_KEYS } from "@web/public/lib/url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { requireOwner, signedInHere } from "../http/auth";
import { HttpError } from "../http/errors";
import { EncodedBody, keptHeaders } from "../http/kept-answers";
import { funnelPageOf, isCountableView, registerPageViews } from "../insights";
import {
  availabilityVersion,
  type BookableLanding,
  currentNameOf,
  findBookableLanding,
  HOLDS_TRUST_MS,
  lookupMoment,
} from "../landings";
import { AskedBefore } from "./asked-before";
import type { PublicAssets } from "./assets";
import { type NotFoundBrand, sendLandingNotFoundPage, sendNotFoundPage } from "./not-found";
import { loadPageData, pageLanguage, searchedPeriod } from "./page-data";
import type { PublicPage, PublicRenderer } from "./page-types";
import { etagOfKey, renderPage } from "./render-page";
import type { RenderThreads } from "./render-threads";
import { sendDomainRobots, sendDomainSitemap } from "./seo-files";
import { findDomainLanding, isSharedPath, matchPath, requestHost } from "./site-host";

const SLUG = /^[a-z0-9-]{1,100}$/;
/** The visitor's choices a page may depend on; anything else (utm_..., fbclid) never splits the cache. */
// "paid" and "look": back from the payment page, the customer's page waits for the confirmation (issue 27).
// "again": the thank-you page of a booking sent again (a lost answer, a second tab) says it is the same one.
// "step": the FAQ leads back to the booking step its link was followed from (`faqQuery`).
const CHOICES = [...BOOKING_KEYS, ...FILTER_KEYS, "ref", "t", "paid", "look", "again", "step"];

/** A page as sent: its bytes (and their compressed forms) made once, as a kept page is sent thousands of times, and its ETag. */
type Rendered = { body: EncodedBody; etag: string };

/**
 * The choices of the query, each a short string, in a stable order. A choice given twice is read
 * as its first, as a browser's `URLSearchParams.get` reads it (a walk's finding: both were dropped,
 * and the page mixed the address's return date with the default pickup).
 */
function choicesOf(query: unknown): Record<string, string> {
  const raw = (query ?? {}) as Record<string, unknown>;
  const choices: Record<string, string> = {};
  for (const key of CHOICES) {
    const given = raw[key];
    const value = Array.isArray(given) ? given[0] : given;
    if (typeof value === "string" && value.length <= 200) choices[key] = value;
  }
  return choices;
}

/**
 * A page that shows nothing particular to this visitor: the same HTML for everyone with the same
 * choices. A searched period's page is one too: what is free then is in its key (the landing's
 * availability version).
 */
const isShared = (page: PublicPage, choices: Record<string, string>) =>
  page.kind !== "thanks" && page.kind !== "reservation" && page.kind !== "express" && !choices.t;

/**
 * How long a searched page is kept at most: what holds a car also moves with the clock (a payment
 * falls due, a car is not back on time), which no notice announces.
 */
const SEARCHED_PAGE_MS = HOLDS_TRUST_MS;

const isNotFound = (error: unknown) => error instanceof HttpError && error.statusCode === 404;

/** A landing that is not there (never published, trashed, a name nobody took) reads as null. */
const notFound = (error: unknown) => {
  if (isNotFound(error)) return null;
  throw error;
};

/** What the landing's own 404 shows: its name and colours, in the visitor's language, its home. */
function brandOf(request: FastifyRequest, { landing }: BookableLanding, home: string): NotFoundBrand {
  const { displayName, colorPrimary, colorSecondary, defaultLanguage } = landing;
  const language = pageLanguage(choicesOf(request.query), defaultLanguage);
  return { displayName, colorPrimary, colorSecondary, home, language };
}

/**
 * The address of a customer's page whose reference was copied by hand in small letters
 * ("nly-7k3q9p"), with the booking's own reference, or null when it is written as issued.
 */
function upperReferenceUrl(url: string, typed: string | undefined): string | null {
  if (!typed || typed === typed.toUpperCase() || !REFERENCE_PATTERN.test(typed.toUpperCase())) return null;
  return url.replace(`/reservation/${typed}`, `/reservation/${typed.toUpperCase()}`);
}

export type PublicSiteOptions = {
  /** Asked for on the first page rendered: React's server renderer need not load before the server answers. */
  loadRenderer: () => Promise<PublicRenderer>;
  assets: PublicAssets | null;
  /** Other threads that render pages, when the server has them (server/main.ts); else each renders here. */
  threads?: RenderThreads;
};

/**
 * The public booking site: `/{name}` and its steps, rendered on the server with the landing's data
 * embedded for hydration. Pages without per-visitor data are cached per landing, content version,
 * page, language and choices; every response carries an ETag and revalidates (304), so an edit
 * shows at once on every instance.
 */
export async function registerPublicSite(app: FastifyInstance, { loadRenderer, assets, threads }: PublicSiteOptions) {
  // Rendered pages, least recently used out first, up to 64 MB. Keys hold the landing's content
  // version (and a searched page its availability version), so an edit or a booking (each
  // announced by the database to every instance) makes old entries unreachable.
  const cache = new LRUCache<string, Rendered>({
    max: 5000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (rendered) => rendered.body.keptBytes,
  });
  const askedBefore = new AskedBefore();
  const pageViews = registerPageViews(app);
  const buildId = assets?.script ?? "no-build";

  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    bookable: BookableLanding,
    page: PublicPage,
    options: {
      /** The moment of the lookups the landing was found with (taken before them): a kept answer lasts as long. */
      moment: number;
      reference?: string;
      preview?: boolean;
      canonicalPath: string;
      /** On the landing's own domain: its origin ("https://reservas.flotasol.com"); links start at "/". */
      domainOrigin?: string;
    },
  ) {
    const choices = choicesOf(request.query);
    const shared = !options.preview && isShared(page, choices);
    // The date in the landing's zone feeds the search defaults: a new day is a new page.
    const today = toLocal(app.deps.clock.now(), bookable.landing.timeZone).date;
    const searched = searchedPeriod(choices) !== null;
    const origin = options.domainOrigin ?? app.deps.config.publicBaseUrl;
    const { db } = app.deps;
    const landingId = bookable.landing.id;
    const availability = searched ? availabilityVersion(db, landingId) : "";
    const key = [
      // The same page on the platform and on the landing's own domain differs in every address.
      origin,
      landingId,
      bookable.landing.contentVersion,
      availability,
      request.url.split("?")[0],
      JSON.stringify(choices),
      today,
      buildId,
    ].join("|");
    // A searched page is kept once asked for a second time (asked-before.ts); any other shared page at once.
    const keep = shared && (!searched || askedBefore.check(key));
    let rendered = shared ? cache.get(key) : undefined;
    if (!rendered) {
      const data = await loadPageData(app.deps, bookable, {
        page,
        query: choices,
        reference: options.reference,
        preview: options.preview,
        site: options.domainOrigin ? { basePath: "", siteUrl: options.domainOrigin } : undefined,
      });
      const parts = {
        canonical: `${origin}${options.canonicalPath}`,
        baseUrl: origin,
        ...(shared && { etag: etagOfKey(key) }),
      };
      // The customer's page, the thank-you page or the express pickup of a link that finds no
      // booking says so, and is not found.
      if ((page.kind === "reservation" || page.kind === "thanks") && !data.reservation) reply.status(404);
      if (page.kind === "express" && !data.express) reply.status(404);
      const onThread = await threads?.render(data, parts);
      const { bytes, etag } = onThread ?? renderPage(await loadRenderer(), data, { ...parts, assets });
      let body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      if (onThread?.lent) {
        // In shared memory lent to this answer (page-slots.ts): a page kept for later answers is
        // copied out of it, any other is written from it and the slot given back once sent.
        if (keep) {
          body = Buffer.from(body);
          onThread.release();
        } else if (reply.raw.destroyed) {
          // The visitor left while it rendered: nothing will be written.
          onThread.release();
        } else {
          reply.raw.once("close", onThread.release);
        }
      }
      rendered = { body: new EncodedBody(body), etag };
      if (keep) cache.set(key, rendered, searched ? { ttl: SEARCHED_PAGE_MS } : {});
    }
    reply
      .header("Cache-Control", cacheControlOf(shared, searched))
      .header("ETag", rendered.etag)
      // Lower case, as @fastify/compress spells it: it adds its own unless it finds this exact text.
      .header("Vary", "accept-encoding");
    if (options.preview) reply.header("Content-Security-Policy", frameableCsp(reply));
    // A view counted in memory (written in batches): nothing about the visitor, only the page and day.
    const step = options.preview ? null : funnelPageOf(page);
    const countView = (raw: FastifyRequest["raw"]) => {
      if (step && isCountableView(raw)) pageViews.record(landingId, today, step);
    };
    countView(request.raw);
    reply.type("text/html; charset=utf-8");
    if (shared) {
      // The same page for the same address while the lookups it was built on are trusted and (a
      // searched page) what is free has not moved: answered without the app (kept-answers.ts).
      if (keep) {
        app.keptAnswers.keep(request.raw, {
          body: rendered.body,
          etag: rendered.etag,
          headers: keptHeaders(reply),
          holds: () =>
            lookupMoment(db) === options.moment && (!searched || availabilityVersion(db, landingId) === availability),
          answered: countView,
        });
      }
      if (request.headers["if-none-match"] === rendered.etag)
        return reply.removeHeader("content-type").status(304).send();
    }
    return rendered.body.send(reply);
  }

  /**
   * A shared page is revalidated on every use (its ETag, 304); a personal one is never stored. Nor
   * is a page of a searched period, which shows what is free: Chrome's Back shows a stored page
   * without asking, and a car booked since (by this visitor, often) showed free. This instance
   * keeps it itself, per availability version, and answers it again in microseconds.
   */
  const cacheControlOf = (shared: boolean, searched: boolean) =>
    !shared ? "private, no-store" : searched ? "no-store" : "public, max-age=0, must-revalidate";

  /** The owner's preview may be shown in a frame of the dashboard (same origin only). */
  const frameableCsp = (reply: FastifyReply) =>
    String(reply.getHeader("content-security-policy") ?? "").replace(
      "frame-ancestors 'none'",
      "frame-ancestors 'self'",
    );

  /**
   * No live landing at this address: a landing renamed since is sent to its address now, path and
   * query kept (its customers' emailed links, the links its owner shared); anything else is the
   * 404 page. A temporary redirect: the owner may rename it again, or back.
   */
  const sendMissingLanding = async (request: FastifyRequest, reply: FastifyReply, name: string) => {
    const current = request.url.startsWith(`/${name}`) ? await currentNameOf(app.deps.db, name).catch(notFound) : null;
    if (!current) return sendNotFoundPage(request, reply, (await signedInHere(request)) ? "dashboard" : "none");
    return reply.header("cache-control", "no-store").redirect(`/${current}${request.url.slice(name.length + 1)}`, 302);
  };

  /**
   * Not an address as Nelly makes them: the 404 page, unless it is one typed in capitals
   * ("/Caribe-Autos"), which goes to the same in small letters, path and query kept (a walk's finding).
   */
  const sendUnknownName = (request: FastifyRequest, reply: FastifyReply, name: string) => {
    const lower = name.toLowerCase();
    if (lower === name || !SLUG.test(lower) || !request.url.startsWith(`/${name}`)) {
      return sendNotFoundPage(request, reply);
    }
    return reply.header("cache-control", "no-store").redirect(`/${lower}${request.url.slice(name.length + 1)}`, 302);
  };

  const pages: [string, (params: Record<string, string>) => PublicPage | null][] = [
    ["", () => ({ kind: "home" })],
    ["/vehicle", () => ({ kind: "vehicles" })],
    [
      "/vehicles/:vehicleId",
      ({ vehicleId }) => (/^\d{1,9}$/.test(vehicleId ?? "") ? { kind: "vehicle", vehicleId: Number(vehicleId) } : null),
    ],
    ["/additions", () => ({ kind: "additions" })],
    ["/review", () => ({ kind: "review" })],
    ["/thanks-you", () => ({ kind: "thanks" })],
    ["/faq", () => ({ kind: "faq" })],
    [
      "/reservation/:reference",
      ({ reference }) => (REFERENCE_PATTERN.test(reference ?? "") ? { kind: "reservation" } : null),
    ],
    [
      "/reservation/:reference/express",
      ({ reference }) => (REFERENCE_PATTERN.test(reference ?? "") ? { kind: "express" } : null),
    ],
  ];

  // The operators' sign-in is at `/` (SPEC's routes); `/login`, the address people guess for it and
  // reserved so no landing takes it, leads there rather than to a 404 without a way on (a walk's
  // finding). Not `/logout`: sent to `/`, a signed-in owner landed on their landings, still signed in.
  app.get("/login", { schema: { hide: true } }, (_request, reply) => reply.redirect("/", 302));
  // SPEC's route table spells the FAQ "FAQ", the site's links "/faq": the spec's spelling leads
  // there, its query kept, rather than to a 404 (a walk's finding).
  app.get("/:name/FAQ", { schema: { hide: true } }, (request, reply) => {
    const { name } = request.params as { name: string };
    const query = request.url.indexOf("?");
    return reply.redirect(`/${encodeURIComponent(name)}/faq${query >= 0 ? request.url.slice(query) : ""}`, 301);
  });

  for (const [suffix, pageOf] of pages) {
    app.get(`/:name${suffix}`, { schema: { hide: true } }, async (request, reply) => {
      const params = request.params as Record<string, string>;
      if (!SLUG.test(params.name ?? "")) return sendUnknownName(request, reply, params.name ?? "");
      const moment = lookupMoment(app.deps.db);
      const bookable = await findBookableLanding(app.deps.db, { name: params.name, recent: true }).catch(notFound);
      if (!bookable) return sendMissingLanding(request, reply, params.name ?? "");
      const upper = upperReferenceUrl(request.url, params.reference);
      if (upper) return reply.header("cache-control", "no-store").redirect(upper, 302);
      const page = pageOf(params);
      const home = `/${bookable.landing.name}`;
      if (!page) return sendLandingNotFoundPage(request, reply, brandOf(request, bookable, home));
      try {
        const reference =
          page.kind === "reservation" || page.kind === "express" ? params.reference : choicesOf(request.query).ref;
        return await render(request, reply, bookable, page, {
          moment,
          reference,
          canonicalPath: request.url.split("?")[0] ?? "/",
        });
      } catch (error) {
        if (isNotFound(error)) return sendLandingNotFoundPage(request, reply, brandOf(request, bookable, home));
        throw error;
      }
    });

    // The owner's preview of their own landing, drafts included, behind their session.
    app.get(`/review-component/:name/site${suffix}`, { schema: { hide: true } }, async (request, reply) => {
      const params = request.params as Record<string, string>;
      const page = pageOf(params);
      if (!page || !SLUG.test(params.name ?? "")) return sendNotFoundPage(request, reply);
      try {
        await requireOwner(request);
        const bookable = await findBookableLanding(app.deps.db, {
          name: params.name ?? "",
          ownerId: request.owner?.user.id ?? 0,
          includeDrafts: true,
        });
        return await render(request, reply, bookable, page, {
          moment: lookupMoment(app.deps.db),
          reference: params.reference,
          preview: true,
          canonicalPath: `/${bookable.landing.name}${request.url.split("?")[0]?.replace(/^\/review-component\/[^/]+\/site/, "") ?? ""}`,
        });
      } catch (error) {
        if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 401)) {
          return sendNotFoundPage(request, reply);
        }
        throw error;
      }
    });
  }

  // Any other path under a live landing (a mistyped or outdated link, "/vehicles" for "/vehicle"):
  // its own 404, leading to its home. Unknown API paths go to the app's not-found handler (JSON).
  app.get("/:name/*", { schema: { hide: true } }, async (request, reply) => {
    const { name = "" } = request.params as Record<string, string>;
    if (name === "api") return reply.callNotFound();
    // "/caribe/" or "/caribe/vehicle/" as people type and paste them: the page without its slash.
    const [path = "", query] = request.url.split(/\?(.*)/s);
    if (SLUG.test(name) && path.endsWith("/")) {
      return reply.redirect(`${path.replace(/\/+$/, "")}${query ? `?${query}` : ""}`, 301);
    }
    const bookable = SLUG.test(name)
      ? await findBookableLanding(app.deps.db, { name, recent: true }).catch(notFound)
      : null;
    if (!bookable)
      return SLUG.test(name) ? sendMissingLanding(request, reply, name) : sendUnknownName(request, reply, name);
    return sendLandingNotFoundPage(request, reply, brandOf(request, bookable, `/${bookable.landing.name}`));
  });

  // A landing's own domain (issue 10): its pages at `/`, `/vehicle`, ..., its robots.txt and sitemap;
  // the API, uploads and bundles as everywhere; anything else (the dashboard, other landings) 404.
  // Decided before routing, since `/` and `/reservation/...` are the dashboard's paths on the platform.
  const platformHost = new URL(app.deps.config.publicBaseUrl).hostname.toLowerCase();
  const scheme = app.deps.config.customDomainScheme;
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const host = requestHost(request);
    const path = request.url.split("?")[0] ?? "/";
    if (host === platformHost || isSharedPath(path)) return;
    const moment = lookupMoment(app.deps.db);
    const found = await findDomainLanding(app.deps.db, host);
    // A host nobody claimed (an address, a proxy's name) is the platform, as before.
    if (!found) return;
    if (!found.live) return sendNotFoundPage(request, reply);
    const origin = `${scheme}://${host}`;
    if (path === "/robots.txt") return sendDomainRobots(reply, found, origin);
    if (path === "/sitemap.xml") return sendDomainSitemap(app.deps.db, reply, found, origin);
    const bookable = await findBookableLanding(app.deps.db, { id: found.id, recent: true }).catch(notFound);
    if (!bookable) return sendNotFoundPage(request, reply);
    for (const [suffix, pageOf] of pages) {
      const params = matchPath(suffix, path);
      if (!params) continue;
      const upper = upperReferenceUrl(request.url, params.reference);
      if (upper) return reply.header("cache-control", "no-store").redirect(upper, 302);
      const page = pageOf(params);
      if (!page) break;
      try {
        const reference =
          page.kind === "reservation" || page.kind === "express" ? params.reference : choicesOf(request.query).ref;
        return await render(request, reply, bookable, page, {
          moment,
          reference,
          canonicalPath: path,
          domainOrigin: origin,
        });
      } catch (error) {
        if (!isNotFound(error)) throw error;
        break;
      }
    }
    return sendLandingNotFoundPage(request, reply, brandOf(request, bookable, "/"));
  });
}
