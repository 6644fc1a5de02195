// A fixed number of POSTs, each with its own body, `connections` at a time over kept-alive
// connections (one request per connection at a time, no pipelining). wrk cannot send a fixed count
// nor hand back every answer, and the reservations' check needs both: every request is accounted
// for, so what the database holds can be compared with what the clients were told. Each request
// carries an Idempotency-Key of its own, as the site's contact form sends one with every booking.
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { Load } from "./wrk";

export type Answer = { status: number; body: string };
export type PostLoad = { load: Load; answers: Answer[] };

function post(agent: http.Agent, url: URL, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "idempotency-key": randomUUID(),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;

/**
 * Sends `count` POSTs of `bodyOf(index)` to `url`; `expected` is the status every answer should
 * have (any other status, or a failed connection, counts as an error).
 */
export async function postLoad(
  url: string,
  count: number,
  connections: number,
  expected: number,
  bodyOf: (index: number) => object,
): Promise<PostLoad> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const answers: Answer[] = new Array(count);
  const timings: number[] = [];
  let errors = 0;
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      const started = performance.now();
      try {
        answers[index] = await post(agent, target, JSON.stringify(bodyOf(index)));
      } catch (error) {
        answers[index] = { status: 0, body: String(error) };
      }
      timings.push(performance.now() - started);
      if (answers[index]?.status !== expected) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  timings.sort((a, b) => a - b);
  return {
    load: {
      rps: count / seconds,
      p50: percentile(timings, 0.5),
      p99: percentile(timings, 0.99),
      requests: count,
      errors,
    },
    answers,
  };
}
