// A bounded number of requests from this process, a few at a time: their latencies.
import type { Load } from "./wrk";

const at = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;

/** `count` requests, `concurrency` at a time: rate, p50 and p99 in ms; any answer but 2xx throws. */
export async function timedRequests(
  count: number,
  concurrency: number,
  send: () => Promise<Response>,
): Promise<Load & { p95: number }> {
  const timings: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next++ < count) {
      const started = performance.now();
      const response = await send();
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`request failed with ${response.status}`);
      timings.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  return {
    rps: count / seconds,
    p50: at(timings, 0.5),
    p95: at(timings, 0.95),
    p99: at(timings, 0.99),
    requests: count,
    errors: 0,
  };
}

/** p95 latency in ms of `count` requests, `concurrency` at a time. */
export async function p95(count: number, concurrency: number, send: () => Promise<Response>): Promise<number> {
  return (await timedRequests(count, concurrency, send)).p95;
}
