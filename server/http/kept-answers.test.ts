import { randomUUID } from "node:crypto";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { notify } from "../db/prepared";
import { landings, pageViews } from "../db/schema";
import { forgetRecentLookups } from "../landings/recent-lookups";
import { escapeHtml } from "../ssr/html";
import type { PublicRenderer } from "../ssr/page-types";
import { createTestApp } from "../test/app";
import { bearer, bookingPayload, createBookableLanding, signUp, vehicleFields } from "../test/factories";
import { EncodedBody, KeptAnswers } from "./kept-answers";

// Issue 29: a public page kept whole is answered from the HTTP server's request event, before
// Fastify (kept-answers.ts). Over a real socket, as visitors reach it: the kept answer must be the
// app's answer byte for byte, and must stop being used the moment the app would answer otherwise.
const renderer: PublicRenderer = {
  renderBody: (data) =>
    `<main><h1>${escapeHtml(data.landing.display_name)}</h1><ul>${data.landing.vehicles
      .map((vehicle) => `<li>${escapeHtml(vehicle.name)}</li>`)
      .join("")}</ul><p id="available">${JSON.stringify(data.availability)}</p>${"<p>relleno</p>".repeat(200)}</main>`,
  pageTitle: (data) => data.landing.display_name,
  pageDescription: (data) => data.landing.display_name,
};

const { app, clock, db } = await createTestApp({}, { publicRenderer: renderer });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;
/** Whether each request so far was answered from what is kept (true) or by the app (false). */
const keptSpy = vi.spyOn(app.keptAnswers, "answer");
/** A second instance on the same database (PostgreSQL only: PGlite is one process). */
const second = process.env.NELLY_TEST_DATABASE === "postgres" ? (await createTestApp()).app : null;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; kept: boolean };

/** One request over its own connection, as a browser sends it; `kept`: answered without the app. */
function request(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const calls = keptSpy.mock.results.length;
    http
      .request({ host: "127.0.0.1", port, path, method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            kept: keptSpy.mock.results.slice(calls).some((result) => result.value === true),
          }),
        );
      })
      .on("error", reject)
      .end();
  });
}

/** The headers of an answer that must be the same from the app and from what is kept. */
const lasting = (headers: http.IncomingHttpHeaders) => {
  const { date: _date, "x-request-id": requestId, ...rest } = headers;
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  return rest;
};

const text = (answer: Answer) => answer.body.toString("utf8");

/**
 * Resolves once the app has heard every landing notice sent before it. On PostgreSQL a write's
 * notice reaches the app's listening connection after the write is answered, later on a busy
 * machine, and it forgets the page kept meanwhile (a CI run failed on it). One connection hears
 * notices in commit order, so a notice sent now and heard means the earlier ones were heard too.
 */
async function noticesHeard(): Promise<void> {
  const { listen } = app.deps;
  if (!listen) return;
  const channel = "nelly_test_notices_heard";
  const token = randomUUID();
  let heard = () => {};
  const arrived = new Promise<void>((resolve) => {
    heard = resolve;
  });
  const stop = await listen(channel, (payload) => {
    if (payload === token) heard();
  });
  try {
    await notify(db, { channel, payload: token });
    await arrived;
  } finally {
    await stop();
  }
}

/** A new owner's bookable landing, once the app has heard of it (`noticesHeard`). */
async function bookableLanding() {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner);
  await noticesHeard();
  return { owner, landing };
}

/** A new owner's bookable landing whose page at `/{name}{suffix}` the app has sent once and now keeps. */
async function keptPage(suffix = "") {
  const { owner, landing } = await bookableLanding();
  const path = `/${landing.name}${suffix}`;
  await request(path);
  expect((await request(path)).kept).toBe(true);
  return { owner, landing, path };
}

describe("a public page kept whole (issue 29)", () => {
  it("is sent as the app sent it: the same bytes and headers, in each encoding, for GET and HEAD, and 304", async () => {
    const { landing } = await bookableLanding();
    const path = `/${landing.name}/vehicle?lang=en`;
    const first = await request(path);
    expect(first).toMatchObject({ status: 200, kept: false });
    const again = await request(path);
    expect(again).toMatchObject({ status: 200, kept: true });
    expect(again.body.equals(first.body)).toBe(true);
    expect(lasting(again.headers)).toEqual(lasting(first.headers));
    expect(again.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(again.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(Number(again.headers["content-length"])).toBe(first.body.length);

    for (const [accept, encoding, decode] of [
      ["br, gzip", "br", brotliDecompressSync],
      ["gzip, deflate", "gzip", gunzipSync],
      ["*", "gzip", gunzipSync],
    ] as const) {
      const compressed = await request(path, { "accept-encoding": accept });
      expect(compressed).toMatchObject({ status: 200, kept: true });
      expect(compressed.headers["content-encoding"]).toBe(encoding);
      expect(Number(compressed.headers["content-length"])).toBe(compressed.body.length);
      expect(compressed.body.length).toBeLessThan(first.body.length / 4);
      expect(decode(compressed.body).equals(first.body)).toBe(true);
    }
    const identity = await request(path, { "accept-encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.equals(first.body)).toBe(true);

    const head = await request(path, {}, "HEAD");
    expect(head).toMatchObject({ status: 200, kept: true });
    expect(head.body.length).toBe(0);
    expect(lasting(head.headers)).toEqual(lasting(first.headers));

    // Revalidation: the kept 304 is the app's 304 (no type, no body). Once the lookups' moment
    // ends (as on any write), the app answers the same address again.
    const tag = { "if-none-match": String(first.headers.etag) };
    forgetRecentLookups(db);
    const appNotModified = await request(path, tag);
    expect(appNotModified).toMatchObject({ status: 304, kept: false });
    const keptNotModified = await request(path, tag);
    expect(keptNotModified).toMatchObject({ status: 304, kept: true });
    expect(lasting(keptNotModified.headers)).toEqual(lasting(appNotModified.headers));
    expect(keptNotModified.body.length).toBe(0);
    expect(keptNotModified.headers["content-type"]).toBeUndefined();
    expect(keptNotModified.headers.etag).toBe(first.headers.etag);
    expect(keptNotModified.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("is not used once the owner edits, nor once a visitor books what a searched page showed free", async () => {
    const { owner, landing, path: list } = await keptPage("/vehicle");
    const edited = await app.inject({
      method: "PUT",
      url: `/api/vehicles/${landing.id}/${landing.vehicle.id}`,
      payload: { ...vehicleFields({ name: "Hyundai Tucson" }), version: 1 },
      headers: bearer(owner),
    });
    expect(edited.statusCode).toBe(200);
    await noticesHeard();
    const afterEdit = await request(list);
    expect(afterEdit.kept).toBe(false);
    expect(text(afterEdit)).toContain("<li>Hyundai Tucson</li>");

    const payload = bookingPayload(landing, clock.now());
    const searched = `${list}?from=${payload.date_of_departure}&fromTime=10:00&to=${payload.date_of_arrival}&toTime=10:00`;
    expect(text(await request(searched))).toContain(`{"${landing.vehicle.id}":true}`);
    // A searched page is kept once it is asked for a second time (ssr/asked-before.ts).
    expect((await request(searched)).kept).toBe(false);
    expect((await request(searched)).kept).toBe(true);
    // Both units taken, each booking through the server as a visitor makes it.
    for (let unit = 0; unit < 2; unit++) {
      const booked = await fetch(`http://127.0.0.1:${port}/api/reservations`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(payload),
      });
      expect(booked.status).toBe(201);
    }
    await noticesHeard();
    const taken = await request(searched);
    expect(taken.kept).toBe(false);
    expect(text(taken)).toContain(`{"${landing.vehicle.id}":false}`);
    expect((await request(searched)).kept).toBe(false);
    expect((await request(searched)).kept).toBe(true);
  });

  it("is still used after writes that were refused: they changed nothing", async () => {
    const landing = await createBookableLanding(app, await signUp(app), { units: "1" });
    const home = `/${landing.name}`;
    const book = (changes: Record<string, unknown> = {}) =>
      fetch(`http://127.0.0.1:${port}/api/reservations`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...bookingPayload(landing, clock.now()), ...changes }),
      });
    // A booking made is a write: what was kept is looked up again (a page may now show the car taken).
    expect((await book()).status).toBe(201);
    await noticesHeard();
    expect((await request(home)).kept).toBe(false);
    expect((await request(home)).kept).toBe(true);
    // The same car again (taken: 409) and a place not offered (422): refused, nothing written.
    expect((await book()).status).toBe(409);
    expect((await book({ place_of_departure: "Narnia" })).status).toBe(422);
    expect((await request(home)).kept).toBe(true);
  });

  it("follows a change written straight to the database (as another instance writes it) within a moment", async () => {
    const { landing, path: home } = await keptPage();
    await db.update(landings).set({ displayName: "Flota Renovada" }).where(eq(landings.id, landing.id));
    // The database's notice, or at the latest the end of the moment the lookups are trusted (1 s).
    await expect
      .poll(async () => text(await request(home)), { timeout: 1_500, interval: 20 })
      .toContain("<h1>Flota Renovada</h1>");
    if (second) {
      const seen = await second.inject({ method: "GET", url: home });
      expect(seen.body).toContain("Flota Renovada");
    }
  });

  it("counts each view it answers, never a HEAD, a crawler or a prefetch", async () => {
    const { landing, path: home } = await keptPage();
    for (let view = 0; view < 2; view++) expect((await request(home)).kept).toBe(true);
    await request(home, {}, "HEAD");
    await request(home, { "user-agent": "Googlebot/2.1" });
    await request(home, { "sec-purpose": "prefetch" });
    await app.pageViews.flush();
    const [counted] = await db
      .select({ views: sql<number>`sum(${pageViews.views})::int` })
      .from(pageViews)
      .where(and(eq(pageViews.landingId, landing.id), eq(pageViews.page, "home")));
    expect(counted?.views).toBe(4);
  });

  it("belongs to its exact address: another host, path or query is the app's to answer", async () => {
    const { path: home } = await keptPage();
    expect((await request(home, { host: "otra.example.com" })).kept).toBe(false);
    expect((await request(`${home}?utm_source=x`)).kept).toBe(false);
    expect((await request(`${home}/faq`)).kept).toBe(false);
    // A POST to the same address is the app's (here its 404).
    const posted = await fetch(`http://127.0.0.1:${port}${home}`, { method: "POST" });
    expect(posted.status).toBe(404);
  });
});

describe("what is kept, as a whole", () => {
  const answer: Parameters<KeptAnswers["keep"]>[1] = {
    body: new EncodedBody(Buffer.from("hola")),
    etag: 'W/"x"',
    headers: ["content-type", "text/plain"],
    holds: () => true,
  };
  const raw = (url: string) => ({ method: "GET", url, headers: { host: "a" } }) as http.IncomingMessage;
  const response = () => ({ writeHead: vi.fn(), end: vi.fn(), statusCode: 200 }) as unknown as http.ServerResponse;

  it("stops answering once the app closes, and forgets an answer that no longer holds", () => {
    let close = () => {};
    const kept = new KeptAnswers(false);
    kept.attach(app.log, (hook) => {
      close = hook;
    });
    kept.keep(raw("/a"), answer);
    expect(kept.answer(raw("/a"), response())).toBe(true);
    let holds = false;
    kept.keep(raw("/b"), { ...answer, holds: () => holds });
    expect(kept.answer(raw("/b"), response())).toBe(false);
    holds = true;
    expect(kept.answer(raw("/b"), response())).toBe(false);
    close();
    expect(kept.answer(raw("/a"), response())).toBe(false);
  });

  it("holds 64 MB of pages at most: a new page on every request lets the oldest go", () => {
    const kept = new KeptAnswers(false);
    const page = new EncodedBody(Buffer.alloc(1024 * 1024, "a"));
    for (let index = 0; index < 100; index++) kept.keep(raw(`/p${index}`), { ...answer, body: page });
    expect(kept.answer(raw("/p0"), response())).toBe(false);
    expect(kept.answer(raw("/p99"), response())).toBe(true);
    const held = Array.from({ length: 100 }, (_, index) => kept.answer(raw(`/p${index}`), response()));
    expect(held.filter(Boolean).length * page.keptBytes).toBeLessThanOrEqual(64 * 1024 * 1024);
  });
});
