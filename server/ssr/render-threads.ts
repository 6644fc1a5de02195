import { Worker } from "node:worker_threads";
import type { FastifyBaseLogger } from "fastify";
import { LRUCache } from "lru-cache";
import type { PublicAssets } from "./assets";
import { PageSlots, slotView } from "./page-slots";
import type { PublicPageData } from "./page-types";
import type { PageParts, RenderedPage } from "./render-page";

type View = PublicPageData["landing"];

/**
 * A page for a render thread: its landing's view by number, the view itself only when the thread
 * may not have it, and the slot of shared memory to write it into, when one was free.
 */
export type RenderJob = {
  id: number;
  view: number;
  landing?: View;
  rest: Omit<PublicPageData, "landing">;
  parts: Omit<PageParts, "assets">;
  slot?: number;
};

/** What a render thread is started with. */
export type RenderThreadData = { assets: PublicAssets | null; slots: SharedArrayBuffer };

export type RenderReply =
  | { outcome: "ready" }
  /** In a buffer of its own: no slot was given, or the page did not fit in it. */
  | { id: number; outcome: "rendered"; bytes: Uint8Array; etag: string }
  /** In the job's slot, its first `length` bytes. */
  | { id: number; outcome: "in-slot"; length: number; etag: string }
  /** The thread no longer had the view: sent again with it. */
  | { id: number; outcome: "missing" }
  /** The renderer threw: the server's thread renders the page itself. */
  | { id: number; outcome: "failed" };

/**
 * Pages waiting on one thread at most; past that the server's thread renders them itself, so a
 * thread that stopped answering holds that many requests, not every one. Below it, the server's
 * thread never renders: a page rendered there would hold every reply the threads send back (they
 * are read between its tasks), and the threads would wait idle (measured, docs/performance.md).
 */
const QUEUED_PER_THREAD = 32;
/** Landings' views a thread keeps (render-worker.ts), the least recently used going first. */
export const VIEWS_PER_THREAD = 256;
/** Threads that stopped on their own are started again this many times, then pages render on the server's thread. */
const RESTARTS = 3;

/**
 * A page rendered on a thread. Its bytes may be in a slot of shared memory lent to it
 * (page-slots.ts, `lent`): they must be written or copied before `release` gives the slot back,
 * and never read after. `release` does nothing for a page in a buffer of its own.
 */
export type ThreadPage = RenderedPage & { lent: boolean; release(): void };

/** A page sent to a thread, with its view in case the thread no longer has it. */
type Pending = { job: RenderJob; landing: View; resolve: (page: ThreadPage | null) => void };

class RenderThread {
  ready = false;
  readonly pending = new Map<number, Pending>();
  /** The views sent to this thread, as far as the server's thread knows (the thread's own bound, render-worker.ts). */
  readonly views = new LRUCache<number, true>({ max: VIEWS_PER_THREAD });

  constructor(readonly worker: Worker) {}

  send(pending: Pending) {
    const { job } = pending;
    this.pending.set(job.id, pending);
    this.views.set(job.view, true);
    this.worker.postMessage(job);
  }
}

export type RenderThreadsOptions = {
  /** render-worker.ts built (dist/server/render-worker.mjs), or render-worker-tsx.mjs. */
  file: URL;
  count: number;
  assets: PublicAssets | null;
  log: FastifyBaseLogger;
};

/**
 * Public pages rendered on other threads (issue 29): React's server render of a page is most of
 * the server's time for a searched period nobody asked before, and the server's own thread is one
 * core of several. Each thread renders with its own copy of the renderer; a page goes to the least
 * busy one, or is rendered where it was asked (`render` answers null) when all are busy, not yet
 * started, or gone. Threads start with the first page, not with the server.
 */
export class RenderThreads {
  private threads: RenderThread[] | null = null;
  private restarts = 0;
  private nextJob = 0;
  private nextView = 0;
  private readonly viewIds = new WeakMap<View, number>();
  private closing = false;
  private readonly slots = new PageSlots();

  constructor(private readonly options: RenderThreadsOptions) {}

  /** Slots of shared memory not lent to a page (for the tests). */
  get freeSlots(): number {
    return this.slots.available;
  }

  /** The page rendered on a thread, or null: render it on this one. */
  render(data: PublicPageData, parts: Omit<PageParts, "assets">): Promise<ThreadPage | null> {
    this.threads ??= Array.from({ length: this.options.count }, () => this.start());
    let thread: RenderThread | undefined;
    for (const candidate of this.threads) {
      if (candidate.ready && candidate.pending.size < QUEUED_PER_THREAD) {
        if (!thread || candidate.pending.size < thread.pending.size) thread = candidate;
      }
    }
    if (!thread) return Promise.resolve(null);
    const { landing, ...rest } = data;
    let view = this.viewIds.get(landing);
    if (view === undefined) {
      view = ++this.nextView;
      this.viewIds.set(landing, view);
    }
    const job: RenderJob = { id: ++this.nextJob, view, rest, parts };
    if (!thread.views.has(view)) job.landing = landing;
    const slot = this.slots.take();
    if (slot !== null) job.slot = slot;
    const chosen = thread;
    return new Promise((resolve) => chosen.send({ job, landing, resolve }));
  }

  async close() {
    this.closing = true;
    await Promise.all((this.threads ?? []).map((thread) => thread.worker.terminate()));
  }

  private start(): RenderThread {
    const workerData: RenderThreadData = { assets: this.options.assets, slots: this.slots.memory };
    const thread = new RenderThread(new Worker(this.options.file, { workerData }));
    // A thread never keeps the server running.
    thread.worker.unref();
    thread.worker.on("message", (reply: RenderReply) => this.answered(thread, reply));
    thread.worker.on("error", (error) => this.options.log.error({ err: error }, "a render thread failed"));
    thread.worker.on("exit", () => this.stopped(thread));
    return thread;
  }

  private answered(thread: RenderThread, reply: RenderReply) {
    if (reply.outcome === "ready") {
      thread.ready = true;
      return;
    }
    const pending = thread.pending.get(reply.id);
    if (!pending) return;
    thread.pending.delete(reply.id);
    const { slot } = pending.job;
    if (reply.outcome === "in-slot" && slot !== undefined) {
      let lent = true;
      const release = () => {
        if (lent) this.slots.give(slot);
        lent = false;
      };
      const bytes = slotView(this.slots.memory, slot, reply.length);
      return pending.resolve({ bytes, etag: reply.etag, lent: true, release });
    }
    if (reply.outcome === "missing" && !pending.job.landing) {
      return thread.send({ ...pending, job: { ...pending.job, landing: pending.landing } });
    }
    if (slot !== undefined) this.slots.give(slot);
    if (reply.outcome === "rendered") {
      return pending.resolve({ bytes: reply.bytes, etag: reply.etag, lent: false, release: () => {} });
    }
    pending.resolve(null);
  }

  private stopped(thread: RenderThread) {
    // Its pages are rendered on the server's thread; their slots are free, the thread having stopped.
    for (const { job, resolve } of thread.pending.values()) {
      if (job.slot !== undefined) this.slots.give(job.slot);
      resolve(null);
    }
    thread.pending.clear();
    if (this.closing || !this.threads) return;
    this.threads = this.threads.filter((other) => other !== thread);
    if (this.restarts < RESTARTS) {
      this.restarts++;
      this.threads.push(this.start());
    } else if (this.threads.length === 0) {
      this.options.log.warn("render threads stopped: public pages render on the server's thread");
    }
  }
}
