// A render thread's entry (render-threads.ts starts it): public pages rendered off the server's
// thread. Built to dist/server/render-worker.mjs (scripts/build-server.mjs).
import { parentPort, workerData } from "node:worker_threads";
import * as renderer from "@web/public/render";
import { LRUCache } from "lru-cache";
import { slotView } from "./page-slots";
import type { PublicPageData } from "./page-types";
import { renderPage } from "./render-page";
import { type RenderJob, type RenderReply, type RenderThreadData, VIEWS_PER_THREAD } from "./render-threads";

const port = parentPort;
if (!port) throw new Error("render-worker.ts runs as a worker thread");
const { assets, slots } = workerData as RenderThreadData;

/**
 * The landings' views (most of a page's data) by the number the server's thread gave each, sent
 * once: kept as one object each here too, so what the renderer keeps per view (each card's
 * markup, the view's JSON) is made once, as on the server's thread. A view is replaced, never
 * changed, so the oldest unused go first; one asked for after it went is asked for again.
 */
const views = new LRUCache<number, PublicPageData["landing"]>({ max: VIEWS_PER_THREAD });

port.on("message", (job: RenderJob) => {
  const reply = (message: RenderReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  if (job.landing) views.set(job.view, job.landing);
  const landing = views.get(job.view);
  if (!landing) return reply({ id: job.id, outcome: "missing" });
  try {
    const into = job.slot === undefined ? undefined : slotView(slots, job.slot);
    const { bytes, etag } = renderPage(renderer, { ...job.rest, landing }, { ...job.parts, assets }, into);
    if (bytes.buffer === slots) return reply({ id: job.id, outcome: "in-slot", length: bytes.byteLength, etag });
    reply({ id: job.id, outcome: "rendered", bytes, etag }, [bytes.buffer as ArrayBuffer]);
  } catch {
    // The server's thread renders it again itself, where its error is logged with the request's.
    reply({ id: job.id, outcome: "failed" });
  }
});
port.postMessage({ outcome: "ready" } satisfies RenderReply);
