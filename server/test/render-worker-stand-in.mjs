// A render thread for render-threads.test.ts: render-worker.ts's messages, with behaviours a test
// asks for by the page's canonical address. A rendered page's bytes say what the thread was sent,
// and which thread it was.
import { parentPort, threadId } from "node:worker_threads";

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
  parentPort.postMessage({ id: job.id, outcome: "rendered", bytes, etag: `W/"${job.id}"` }, [bytes.buffer]);
});
parentPort.postMessage({ outcome: "ready" });
