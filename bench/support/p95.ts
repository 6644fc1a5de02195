// A bounded number of requests from this process, a few at a time: the 95th percentile latency.

/** p95 latency in ms of `count` requests, `concurrency` at a time. */
export async function p95(count: number, concurrency: number, send: () => Promise<Response>): Promise<number> {
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
  await Promise.all(Array.from({ length: concurrency }, worker));
  timings.sort((a, b) => a - b);
  return timings[Math.floor(timings.length * 0.95)] ?? Number.NaN;
}
