import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { App } from "../app";
import { reservations, vehicles } from "../db/schema";
import { createTestApp } from "../test/app";
import {
  bearer,
  bookingPayload,
  createBookableLanding,
  createLandingFor,
  multipart,
  photos,
  signUp,
  vehicleFields,
} from "../test/factories";
import { httpApp } from "../test/http-app";
import { CLIENT_TIMEOUTS } from "./client-timeouts";

// Issue 23.7: clients that send slowly are cut off, over real sockets against a listening server.
// The real limits are used (10 s for headers and for bodies), and the tests that wait them out run
// together; only the 10.5-minute upload limit is shortened, on a second instance. The database is
// not what is tested: on PostgreSQL the files are skipped (and say so), saving 45 s of waiting.
const onPostgres = process.env.NELLY_TEST_DATABASE === "postgres";

const { app, clock, db, storage } = await createTestApp();
/** An instance whose whole-request limit is 3 s, to cut an owner's upload halfway. */
const CUTTING_UPLOAD_MS = 3_000;
// Node holds a request at least its headers limit, whatever the whole-request limit: shorten both.
const cutting = await createTestApp(
  {},
  { clientTimeouts: { ...CLIENT_TIMEOUTS, headersMs: 1_000, uploadMs: CUTTING_UPLOAD_MS } },
);

/** An instance whose idle limit is 0.1 s: a fifth of what re-encoding four photos takes here (about 0.5 s). */
const IMPATIENT_IDLE_MS = 100;
const impatient = await createTestApp({}, { clientTimeouts: { ...CLIENT_TIMEOUTS, idleMs: IMPATIENT_IDLE_MS } });

async function portOf(instance: App) {
  if (!instance.server.listening) await instance.listen({ port: 0, host: "127.0.0.1" });
  const address = instance.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  return address.port;
}

const port = await portOf(app);
const cuttingPort = await portOf(cutting.app);
const impatientPort = await portOf(impatient.app);

/**
 * The body deadline plus Node's and the timers' slack: a client kept longer than this was not cut.
 * Node checks its deadlines every second (`client-timeouts.ts`), and on two cores busy with other
 * test files the event loop lags besides: 200 clients at once were once cut at 12,014 ms, 14 ms past
 * a slack of 2 s. The code before issue 23.7 never cut them (GIVE_UP_MS).
 */
const CUT_BY_MS = CLIENT_TIMEOUTS.bodyMs + 3_000;
/** How long a test waits for a cut before failing (the code before issue 23.7 never cut these). */
const GIVE_UP_MS = 20_000;

type Cut = { openMs: number; answer: string };

/**
 * A raw connection that writes `head` at once, then `rest` a few bytes every `everyMs`. Resolves
 * once the server closes it, with how long it stayed open and what the server wrote; rejects if it
 * is still open after `GIVE_UP_MS`.
 */
function slowClient(
  toPort: number,
  head: string | Buffer,
  rest: string | Buffer,
  { everyMs = 1_000, bytes = 1 } = {},
): Promise<Cut> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const body = Buffer.from(rest);
    const chunks: Buffer[] = [];
    let sent = 0;
    const socket = net.connect(toPort, "127.0.0.1", () => {
      socket.write(head);
    });
    const drip = setInterval(() => {
      if (sent >= body.length || socket.destroyed) return;
      socket.write(body.subarray(sent, sent + bytes));
      sent += bytes;
    }, everyMs);
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${GIVE_UP_MS / 1000} s, ${sent} bytes trickled`));
    }, GIVE_UP_MS);
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", () => undefined); // a reset is how a cut looks from here
    socket.on("close", () => {
      clearInterval(drip);
      clearTimeout(giveUp);
      resolve({ openMs: Date.now() - started, answer: Buffer.concat(chunks).toString("latin1") });
    });
  });
}

const statusOf = (answer: string) => Number(answer.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0);

const requestHead = (method: string, url: string, headers: Record<string, string | number>) =>
  `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;

/** A new owner's new vehicle with `files` as its photos, as one request to send over a socket of one's own. */
async function newVehicleUpload(instance: App, name: string, files: Awaited<ReturnType<typeof photos>>) {
  const uploader = await signUp(instance);
  const own = await createLandingFor(instance, uploader);
  const form = await multipart({
    id_landing: String(own.id),
    ...vehicleFields({ name }),
    ...Object.fromEntries(files.map((file, index) => [`images[${index}]`, file])),
  });
  const head = requestHead("POST", "/api/vehicle", {
    ...form.headers,
    ...bearer(uploader),
    "content-length": form.payload.length,
    connection: "close",
  });
  return { own, form, head };
}

/** This landing's bookings (the tests run together, and one of them books on a landing of its own). */
const reservationCount = async () =>
  (await db.select({ n: count() }).from(reservations).where(eq(reservations.landingId, landing.id)))[0]?.n;

const storedFiles = (root: string) =>
  fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, encoding: "utf8" }).sort() : [];

/** A GET on a connection of its own, timed from the connect to the end of the answer. */
function timedGet(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: url, agent: false }, (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      })
      .on("error", reject);
  });
}

const openConnections = () =>
  new Promise<number>((resolve, reject) =>
    app.server.getConnections((error, n) => (error ? reject(error) : resolve(n))),
  );

const owner = await signUp(app);
const landing = await createBookableLanding(app, owner);
const booking = JSON.stringify(bookingPayload(landing, clock.now()));
const bookingHead = requestHead("POST", "/api/reservations", {
  "content-type": "application/json",
  "content-length": Buffer.byteLength(booking),
});

describe.skipIf(onPostgres).concurrent("slow clients are cut off (issue 23.7)", () => {
  it("sets the documented limits on the listening server", () => {
    expect({
      headers: app.server.headersTimeout,
      request: app.server.requestTimeout,
      idle: app.server.timeout,
      keepAlive: app.server.keepAliveTimeout,
    }).toEqual({ headers: 10_000, request: 630_000, idle: 60_000, keepAlive: 72_000 });
  });

  it("cuts a booking whose JSON body trickles in a byte a second, 10 s after its headers, booking nothing", async () => {
    const before = await reservationCount();
    const cut = await slowClient(port, bookingHead, booking);
    expect(cut.openMs).toBeGreaterThanOrEqual(CLIENT_TIMEOUTS.bodyMs - 500);
    expect(cut.openMs).toBeLessThan(CUT_BY_MS);
    expect(cut.answer).toBe("");
    expect(await reservationCount()).toBe(before);
  }, 30_000);

  it("answers 408 to a client trickling its headers, and closes it within 10 s", async () => {
    const headers = `POST /api/reservations HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: ${"slow".repeat(50)}`;
    const cut = await slowClient(port, "", headers);
    expect(statusOf(cut.answer)).toBe(408);
    expect(cut.openMs).toBeGreaterThanOrEqual(CLIENT_TIMEOUTS.headersMs - 500);
    expect(cut.openMs).toBeLessThan(CLIENT_TIMEOUTS.headersMs + 2_000);
  }, 30_000);

  it("cuts an anonymous upload to an owner route after its 401, rather than draining it for minutes", async () => {
    const form = await multipart({ id_landing: String(landing.id), ...vehicleFields() });
    const head = requestHead("POST", "/api/vehicle", {
      ...form.headers,
      "content-length": form.payload.length + 50_000,
    });
    const cut = await slowClient(port, head, form.payload);
    expect(statusOf(cut.answer)).toBe(401);
    expect(cut.openMs).toBeLessThan(CUT_BY_MS);
  }, 30_000);

  it("lets an owner's photo upload that takes longer than the body deadline complete", async () => {
    const { form, head } = await newVehicleUpload(app, "Slow upload", await photos(2, 800, 600));
    // The body in 30 parts, 500 ms apart: 15 s, half again the JSON deadline.
    const part = Math.ceil(form.payload.length / 30);
    const done = await slowClient(port, head, form.payload, { everyMs: 500, bytes: part });

    expect(done.openMs).toBeGreaterThan(CLIENT_TIMEOUTS.bodyMs + 4_000);
    expect(statusOf(done.answer)).toBe(201);
    const saved = JSON.parse(done.answer.slice(done.answer.indexOf("\r\n\r\n") + 4)).vehicle;
    expect(saved.name).toBe("Slow upload");
    expect(saved.images).toHaveLength(2);
    for (const image of saved.images) {
      const stored = image.path_images.replace(/^\/storage\//, "");
      expect(fs.existsSync(path.join(storage.root, stored))).toBe(true);
    }
  }, 30_000);

  it("answers an owner's upload whose photos take longer to re-encode than the idle limit", async () => {
    const { own, form, head } = await newVehicleUpload(impatient.app, "Heavy photos", await photos(4, 2400, 1800));
    // Head and body in one write: a drip of the whole body could land before the head is written.
    const done = await slowClient(impatientPort, Buffer.concat([Buffer.from(head), form.payload]), "");
    // Twelve encodings of 4-megapixel photos: longer than the idle limit, which cut this before.
    expect(done.openMs, done.answer.slice(0, 40)).toBeGreaterThan(IMPATIENT_IDLE_MS);
    expect(statusOf(done.answer)).toBe(201);
    const [stored] = await impatient.db.select().from(vehicles).where(eq(vehicles.landingId, own.id));
    expect(stored?.name).toBe("Heavy photos");
  });

  it("stores nothing of an owner's upload the whole-request limit cuts halfway", async () => {
    const uploader = await signUp(cutting.app);
    const own = await createLandingFor(cutting.app, uploader);
    const filesBefore = storedFiles(cutting.storage.root);
    const form = await multipart({
      id_landing: String(own.id),
      ...vehicleFields({ name: "Cut upload" }),
      ...Object.fromEntries((await photos(3, 800, 600)).map((file, index) => [`images[${index}]`, file])),
    });
    const half = Math.floor(form.payload.length / 2);
    const head = Buffer.concat([
      Buffer.from(
        requestHead("POST", "/api/vehicle", {
          ...form.headers,
          ...bearer(uploader),
          "content-length": form.payload.length,
        }),
      ),
      form.payload.subarray(0, half),
    ]);
    const cut = await slowClient(cuttingPort, head, form.payload.subarray(half));

    expect(cut.openMs).toBeLessThan(CUTTING_UPLOAD_MS + 2_000);
    expect([0, 408]).toContain(statusOf(cut.answer));
    // The handler saw a broken body and stopped: no row, no file, also a moment later.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rows = await cutting.db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.landingId, own.id));
    expect(rows).toEqual([]);
    expect(storedFiles(cutting.storage.root)).toEqual(filesBefore);
  }, 30_000);

  it("still serves a normal booking and a normal upload over real sockets", async () => {
    const client = httpApp(`http://127.0.0.1:${port}`);
    const other = await signUp(client);
    const bookable = await createBookableLanding(client, other);
    expect(bookable.vehicle.images).toHaveLength(2);
    const answer = await client.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(bookable, clock.now()),
    });
    expect(answer.statusCode).toBe(201);
    const stored = await db.select({ n: count() }).from(reservations).where(eq(reservations.landingId, bookable.id));
    expect(stored[0]?.n).toBe(1);
  }, 30_000);
});

describe.skipIf(onPostgres)("many slow clients at once (issue 23.7)", () => {
  it("cuts 200 slow clients within the limits while /api/health keeps answering promptly", async () => {
    const openBefore = await openConnections();
    const started = Date.now();
    const headers = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: ${"slow".repeat(50)}`;
    const slow = [
      ...Array.from({ length: 100 }, () => slowClient(port, bookingHead, booking)),
      ...Array.from({ length: 100 }, () => slowClient(port, "", headers)),
    ];
    const health: { status: number; ms: number }[] = [];
    while (Date.now() - started < CLIENT_TIMEOUTS.bodyMs - 1_000) {
      health.push(await timedGet("/api/health"));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const cuts = await Promise.all(slow);
    const allCutMs = Date.now() - started;

    expect(health.length).toBeGreaterThan(10);
    expect(health.every((answer) => answer.status === 200)).toBe(true);
    // Prompt, not held behind the slow clients (which stay up to 10 s): on two busy cores (another
    // test file runs beside this one) a health answer took 643 ms once, so the bound is 2 s.
    expect(Math.max(...health.map((answer) => answer.ms))).toBeLessThan(2_000);
    expect(Math.max(...cuts.map((cut) => cut.openMs))).toBeLessThan(CUT_BY_MS);
    expect(allCutMs).toBeLessThan(CUT_BY_MS + 1_000);
    // Nothing left behind (pooled connections of earlier tests may have closed meanwhile).
    expect(await openConnections()).toBeLessThanOrEqual(openBefore);
  }, 30_000);
});
