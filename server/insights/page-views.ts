import type { IncomingMessage } from "node:http";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Database } from "../db/database";
import type { PublicPage } from "../ssr";

/** The steps of the visitors' funnel a public page counts towards. */
export const FUNNEL_PAGES = ["home", "list", "vehicle", "review", "booked"] as const;
export type FunnelPage = (typeof FUNNEL_PAGES)[number];

/**
 * Which funnel step a public page is. The add-ons step, the FAQ and a customer's own reservation
 * page are not steps towards a booking and are not counted.
 */
export function funnelPageOf(page: PublicPage): FunnelPage | null {
  switch (page.kind) {
    case "home":
      return "home";
    case "vehicles":
      return "list";
    case "vehicle":
      return "vehicle";
    case "review":
      return "review";
    case "thanks":
      return "booked";
    default:
      return null;
  }
}

const BOT = /bot|crawler|spider|preview/i;

/**
 * Whether a request is a person looking at the page: not a HEAD, not a crawler or link-preview
 * fetcher, and not the browser prefetching a page nobody may open.
 */
export function isCountableView(request: Pick<IncomingMessage, "method" | "headers">): boolean {
  if (request.method !== "GET") return false;
  if (BOT.test(request.headers["user-agent"] ?? "")) return false;
  const purpose = `${request.headers["sec-purpose"] ?? ""} ${request.headers.purpose ?? ""}`;
  return !/prefetch|prerender/i.test(purpose);
}

/** How often the counts are written when PAGE_VIEW_FLUSH_MS does not say. */
const DEFAULT_FLUSH_MS = 5000;
/**
 * Distinct (landing, day, page) counts kept while the database is unreachable: a bound, so an
 * outage never grows memory without end (views past it are dropped; they are counts, not bookings).
 */
const MAX_PENDING_KEYS = 50_000;

/**
 * Page views counted in memory and written every few seconds with one multi-row upsert, so a page
 * view never costs a database write while the visitor waits. Counts only: no address, no user agent,
 * nothing about the visitor is kept. Each app instance has its own buffer; the upsert adds to what
 * the others wrote.
 */
export class PageViewBuffer {
  private counts = new Map<string, number>();
  /** Flushes run one after another, so `flush()` returns only once everything recorded before it is written. */
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = DEFAULT_FLUSH_MS,
  ) {}

  record(landingId: number, day: string, page: FunnelPage, views = 1) {
    const key = `${landingId}|${day}|${page}`;
    const current = this.counts.get(key);
    if (current === undefined && this.counts.size >= MAX_PENDING_KEYS) return;
    this.counts.set(key, (current ?? 0) + views);
  }

  /** Writes what was counted so far; never throws (a failed write is logged and kept for the next one). */
  flush(): Promise<void> {
    this.chain = this.chain.then(() => this.write());
    return this.chain;
  }

  start() {
    if (this.timer || this.intervalMs <= 0) return;
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    // The timer alone never keeps the process alive.
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async write() {
    if (this.counts.size === 0) return;
    const batch = this.counts;
    this.counts = new Map();
    const rows = [...batch].map(([key, views]) => {
      const [landingId, day, page] = key.split("|");
      return sql`(${Number(landingId)}::int, ${day}::text, ${page}::text, ${views}::int)`;
    });
    try {
      // Joined with landings: a landing deleted since its views were counted drops them instead of
      // failing the whole batch on the foreign key.
      await this.db.execute(sql`
        insert into page_views (landing_id, day, page, views)
        select v.landing_id, v.day, v.page, v.views
        from (values ${sql.join(rows, sql`, `)}) as v (landing_id, day, page, views)
        join landings l on l.id = v.landing_id
        on conflict (landing_id, day, page) do update set views = page_views.views + excluded.views`);
    } catch (error) {
      this.log.error({ err: error }, "page views could not be written; kept for the next flush");
      for (const [key, views] of batch) {
        const [landingId, day, page] = key.split("|");
        this.record(Number(landingId), day ?? "", page as FunnelPage, views);
      }
    }
  }
}

/** PAGE_VIEW_FLUSH_MS: milliseconds between writes (tests shorten it; 0 writes only on demand and at close). */
function flushIntervalMs(): number {
  const raw = process.env.PAGE_VIEW_FLUSH_MS;
  const value = raw === undefined || raw === "" ? Number.NaN : Number(raw);
  return Number.isInteger(value) && value >= 0 && value <= 3_600_000 ? value : DEFAULT_FLUSH_MS;
}

/**
 * Decorates the app with its page-view buffer (`app.pageViews`), started when the app is ready and
 * written one last time when it closes.
 */
export function registerPageViews(app: FastifyInstance): PageViewBuffer {
  const buffer = new PageViewBuffer(app.deps.db, app.log, flushIntervalMs());
  app.decorate("pageViews", buffer);
  app.addHook("onReady", async () => buffer.start());
  app.addHook("onClose", async () => buffer.stop());
  return buffer;
}

declare module "fastify" {
  interface FastifyInstance {
    pageViews: PageViewBuffer;
  }
}
