import { setTimeout as sleep } from "node:timers/promises";
import * as renderer from "@web/public/render";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/app";
import { bookingPayload, createBookableLanding, createVehicleFor, searchOf, signUp } from "../test/factories";
import { SLOT_COUNT } from "./page-slots";
import type { PublicPageData } from "./page-types";
import { renderPage } from "./render-page";
import { RenderThreads } from "./render-threads";

// Public pages rendered on other threads (render-threads.ts): the real thread (render-worker.ts,
// through tsx as `npm run dev` runs it) must send the very page the server's thread renders,
// and the server must get every page whatever a thread does (a stand-in thread misbehaves on demand).

const log = Fastify().log;
const opened: RenderThreads[] = [];
afterAll(() => Promise.all(opened.map((threads) => threads.close())));

function threadsOf(file: URL, count = 1) {
  const threads = new RenderThreads({ file, count, assets: null, log });
  opened.push(threads);
  return threads;
}

const realThreads = () => threadsOf(new URL("./render-worker-tsx.mjs", import.meta.url));
const standIn = (count = 1) => threadsOf(new URL("../test/render-worker-stand-in.mjs", import.meta.url), count);

type Parts = Parameters<RenderThreads["render"]>[1];

/** A page from threads that have started (the first pages render on the server's thread while they start). */
async function onThread(threads: RenderThreads, data: PublicPageData, parts: Parts) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const page = await threads.render(data, parts);
    if (page) return page;
    await sleep(50);
  }
  throw new Error("the render thread never started");
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const view = (name: string) => ({ name }) as unknown as PublicPageData["landing"];
const data = (landing: PublicPageData["landing"]) =>
  ({ landing, page: { kind: "home" }, language: "es" }) as unknown as PublicPageData;

describe("a public page rendered on a render thread", () => {
  it("is the page the server's thread renders, byte for byte, and its ETag: list, vehicle and home, both languages", async () => {
    const { app, clock, config } = await createTestApp({ PUBLIC_BASE_URL: "https://reservas.example.com" });
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { name: "Kia Picanto <b>2025</b>", price: "45.50" });
    await createVehicleFor(app, owner, landing.id, undefined, { name: "Hyundai Tucson — 7 plazas", price: "80" });
    const search = searchOf(bookingPayload(landing, clock.now()));
    const threads = realThreads();
    const paths = [`/${landing.name}/vehicle`, `/${landing.name}/vehicles/${landing.vehicle.id}`, `/${landing.name}`];
    for (const path of paths) {
      for (const lang of ["es", "en"]) {
        const response = await app.inject({ method: "GET", url: `${path}?${search}&lang=${lang}` });
        expect(response.statusCode).toBe(200);
        // The page's data as the server embedded it for hydration: all it was rendered from.
        const embedded = /<script type="application\/json" id="nelly-data">(.*?)<\/script>/s.exec(response.body);
        const pageData = JSON.parse(embedded?.[1] ?? "null") as PublicPageData;
        expect(pageData.language).toBe(lang);
        const parts = { canonical: `${config.publicBaseUrl}${path}`, baseUrl: config.publicBaseUrl };
        const here = renderPage(renderer, pageData, { ...parts, assets: null });
        expect(text(here.bytes)).toBe(response.body);
        const there = await onThread(threads, pageData, parts);
        // Written into shared memory lent to it (page-slots.ts).
        expect(there.lent).toBe(true);
        expect(text(there.bytes)).toBe(response.body);
        // Without one given, the ETag is the bytes' own, the same on either thread.
        expect(there.etag).toBe(here.etag);
        there.release();
        // A shared page's, from its address (routes.ts), goes with it unchanged.
        const named = await onThread(threads, pageData, { ...parts, etag: String(response.headers.etag) });
        expect(named.etag).toBe(response.headers.etag);
        named.release();
      }
    }
  });
});

describe("render threads", () => {
  it("send a landing's view to a thread once, and again to a thread that lost it", async () => {
    const threads = standIn();
    const first = view("flota-sol");
    const sent = async (landing: PublicPageData["landing"], canonical = "ok") =>
      JSON.parse(text((await onThread(threads, data(landing), { canonical, baseUrl: "" })).bytes));
    expect(await sent(first)).toMatchObject({ sent: true, landing: "flota-sol" });
    expect(await sent(first)).toMatchObject({ sent: false, landing: "flota-sol" });
    // An edit makes a new view: sent too.
    expect(await sent(view("flota-sol"))).toMatchObject({ sent: true });
    // The thread dropped it (its bound): it answers "missing" and gets it again, the page still rendered.
    expect(await sent(first, "forget")).toMatchObject({ sent: true, landing: "flota-sol" });
  });

  it("leave a page to the server's thread when the renderer failed, or before they started", async () => {
    const threads = standIn();
    const parts = { canonical: "fail", baseUrl: "" };
    // Not started yet: the first page renders where it was asked.
    expect(await threads.render(data(view("a")), parts)).toBeNull();
    await onThread(threads, data(view("a")), { canonical: "ok", baseUrl: "" });
    expect(await threads.render(data(view("a")), parts)).toBeNull();
  });

  it("leave pages to the server's thread past 32 waiting on each thread", async () => {
    const threads = standIn();
    await onThread(threads, data(view("a")), { canonical: "ok", baseUrl: "" });
    const hanging = { canonical: "hang", baseUrl: "" };
    for (let index = 0; index < 32; index++) void threads.render(data(view("a")), hanging);
    expect(await threads.render(data(view("a")), { canonical: "ok", baseUrl: "" })).toBeNull();
  });

  it("give a stopped thread's pages back to the server's thread and start another in its place", async () => {
    const threads = standIn();
    const landing = view("a");
    await onThread(threads, data(landing), { canonical: "ok", baseUrl: "" });
    const waiting = threads.render(data(landing), { canonical: "hang", baseUrl: "" });
    expect(await threads.render(data(landing), { canonical: "crash", baseUrl: "" })).toBeNull();
    expect(await waiting).toBeNull();
    // The new thread knows no view: it is sent again.
    const page = await onThread(threads, data(landing), { canonical: "ok", baseUrl: "" });
    expect(JSON.parse(text(page.bytes))).toMatchObject({ sent: true });
  });

  it("send each page to the least busy thread", async () => {
    const threads = standIn(2);
    await onThread(threads, data(view("warm-up")), { canonical: "ok", baseUrl: "" });
    const ok = { canonical: "ok", baseUrl: "" };
    // Two pages at once: with both threads started, the second goes to the thread the first left
    // idle, which is sent the view too. Until the second thread has started, both go to the first.
    for (let attempt = 0; attempt < 100; attempt++) {
      const landing = view(`a-${attempt}`);
      const pages = await Promise.all([threads.render(data(landing), ok), threads.render(data(landing), ok)]);
      const [first, second] = pages.map((page) => JSON.parse(text(page?.bytes ?? new Uint8Array())));
      if (first.thread === second.thread) {
        expect(second.sent).toBe(false);
        await sleep(50);
        continue;
      }
      expect([first.sent, second.sent]).toEqual([true, true]);
      return;
    }
    throw new Error("the second thread never took a page");
  });
});

describe("the shared memory pages come back in (page-slots.ts)", () => {
  const ok = { canonical: "ok", baseUrl: "" };

  it("is lent to a page until it is released, once, however often release is called", async () => {
    const threads = standIn();
    const landing = view("a");
    (await onThread(threads, data(landing), ok)).release();
    expect(threads.freeSlots).toBe(SLOT_COUNT);
    const page = await onThread(threads, data(landing), ok);
    expect(page.lent).toBe(true);
    expect(JSON.parse(text(page.bytes))).toMatchObject({ landing: "a" });
    expect(threads.freeSlots).toBe(SLOT_COUNT - 1);
    page.release();
    page.release();
    expect(threads.freeSlots).toBe(SLOT_COUNT);
  });

  it("is given back at once for a page that came in a buffer of its own, failed, or whose thread stopped", async () => {
    const threads = standIn();
    const landing = view("a");
    (await onThread(threads, data(landing), ok)).release();
    const large = await threads.render(data(landing), { canonical: "large", baseUrl: "" });
    expect(large?.lent).toBe(false);
    expect(JSON.parse(text(large?.bytes ?? new Uint8Array()))).toMatchObject({ landing: "a" });
    expect(threads.freeSlots).toBe(SLOT_COUNT);
    expect(await threads.render(data(landing), { canonical: "fail", baseUrl: "" })).toBeNull();
    expect(threads.freeSlots).toBe(SLOT_COUNT);
    const waiting = threads.render(data(landing), { canonical: "hang", baseUrl: "" });
    expect(threads.freeSlots).toBe(SLOT_COUNT - 1);
    expect(await threads.render(data(landing), { canonical: "crash", baseUrl: "" })).toBeNull();
    expect(await waiting).toBeNull();
    expect(threads.freeSlots).toBe(SLOT_COUNT);
  });

  it("runs out without failing a page: past the last slot a page comes in a buffer of its own", async () => {
    const threads = standIn(3);
    const landing = view("a");
    // Until every thread has started, pages wait on fewer than three (32 each at most).
    let started = false;
    for (let attempt = 0; attempt < 100 && !started; attempt++) {
      const pages = await Promise.all([1, 2, 3].map(() => onThread(threads, data(landing), ok)));
      for (const page of pages) page.release();
      started = new Set(pages.map((page) => JSON.parse(text(page.bytes)).thread)).size === 3;
      if (!started) await sleep(50);
    }
    expect(started).toBe(true);
    const hanging = { canonical: "hang", baseUrl: "" };
    for (let index = 0; index < SLOT_COUNT; index++) void threads.render(data(landing), hanging);
    expect(threads.freeSlots).toBe(0);
    const page = await threads.render(data(landing), ok);
    expect(page?.lent).toBe(false);
    expect(JSON.parse(text(page?.bytes ?? new Uint8Array()))).toMatchObject({ landing: "a" });
  });
});
