// A render thread for render-threads.test.ts: render-worker.ts's messages, with behaviours a test
// asks for by the page's canonical address. A rendered page's bytes say what the thread was sent,
// and which thread it was; they go in the job's slot of shared memory, as render-worker.ts's do,
// unless the page is "large" (as one that does not fit).
import { parentPort, threadId, workerData } from "node:worker_threads";

/** SLOT_BYTES of page-slots.ts. */
const SLOT_BYTES = 256 * 1024;

const views = new Map();
const missedOnce = new Set();

parentPort.on("message", (job) => {
  const behaviour = job.parts.canonical;
  if (job.landing) views.set(job.view, job.landing);
  if (behaviour === "crash") process.exit(1);
  if (behaviour === "hang") return;
  if (behaviour === "fail") return parentPort.postMessage({ id: job.id, outcome: "failed" });
  if (behaviour === "forget" && !missedOnce.has(job.id)) {
    // As if the view had gone from the thread's bound.
    missedOnce.add(job.id);
    views.delete(job.view);
  }
  const landing = views.get(job.view);
  if (!landing) return parentPort.postMessage({ id: job.id, outcome: "missing" });
  const bytes = new TextEncoder().encode(
    JSON.stringify({ sent: Boolean(job.landing), landing: landing.name, page: job.rest.page, thread: threadId }),
  );
  const etag = `W/"${job.id}"`;
  if (job.slot !== undefined && behaviour !== "large") {
    new Uint8Array(workerData.slots, job.slot * SLOT_BYTES, SLOT_BYTES).set(bytes);
    return parentPort.postMessage({ id: job.id, outcome: "in-slot", length: bytes.byteLength, etag });
  }
  parentPort.postMessage({ id: job.id, outcome: "rendered", bytes, etag }, [bytes.buffer]);
});
parentPort.postMessage({ outcome: "ready" });
