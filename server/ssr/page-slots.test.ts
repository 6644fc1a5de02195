import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import * as renderer from "@web/public/render";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/app";
import { bookingPayload, createBookableLanding, searchOf, signUp } from "../test/factories";
import { SLOT_COUNT } from "./page-slots";
import type { PublicPageData } from "./page-types";
import { renderPage } from "./render-page";
import type { RenderThreads } from "./render-threads";

// Public pages written by a render thread into memory shared with the server's thread and sent
// from it (page-slots.ts): through a real HTTP server, each visitor gets their own page whatever
// else is being rendered at the time, a page kept for later visitors is a copy, and every slot
// comes back once its page is sent or its visitor has gone.

type Setup = Awaited<ReturnType<typeof setUp>>;
let setup: Setup;

async function setUp() {
  const { app, clock, config } = await createTestApp(
    {},
    { renderThreads: { file: new URL("./render-worker-tsx.mjs", import.meta.url), count: 1 } },
  );
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner, { name: "Kia Picanto", price: "45.50" });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const threads = app.renderThreads as RenderThreads;
  /** The list searched for a period starting `start` days from today, `length` days long. */
  const listPath = (start: number, length = 3) =>
    `/${landing.name}/vehicle?${searchOf(bookingPayload(landing, clock.now(), {}, { start, length }))}`;
  return { app, config, address, threads, listPath };
}

const embedded = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="nelly-data">(.*?)<\/script>/s.exec(html)?.[1] ?? "null",
  ) as PublicPageData;

/** The page as the server's thread renders it from the data it embeds: what the visitor must get. */
function renderedHere(html: string, path: string) {
  const { config } = setup;
  const parts = { canonical: `${config.publicBaseUrl}${path.split("?")[0]}`, baseUrl: config.publicBaseUrl };
  return new TextDecoder().decode(renderPage(renderer, embedded(html), { ...parts, assets: null }).bytes);
}

/** A GET over a connection of its own (closed after it, as the app's own close needs). */
function request(path: string) {
  return http.get(`${setup.address}${path}`, { agent: false });
}

function get(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    request(path)
      .on("response", (response) => {
        expect(response.statusCode).toBe(200);
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      })
      .on("error", reject);
  });
}

/** Every slot back in the pool: given back as each answer's connection reports it done. */
async function allSlotsBack() {
  for (let attempt = 0; attempt < 100 && setup.threads.freeSlots !== SLOT_COUNT; attempt++) await sleep(20);
  expect(setup.threads.freeSlots).toBe(SLOT_COUNT);
}

beforeAll(async () => {
  setup = await setUp();
  // The thread starts with the first page; until it is ready, pages render on the server's thread.
  const html = await get(setup.listPath(40));
  const parts = { canonical: "", baseUrl: "" };
  for (let attempt = 0; attempt < 200; attempt++) {
    const page = await setup.threads.render(embedded(html), parts);
    if (page) return page.release();
    await sleep(50);
  }
  throw new Error("the render thread never started");
});

describe("pages sent from shared memory", () => {
  it("give each visitor their own period's page, 24 searched at once, and every slot back", async () => {
    const paths = Array.from({ length: 24 }, (_, index) => setup.listPath(10 + index, 1 + (index % 5)));
    const pages = await Promise.all(paths.map(get));
    pages.forEach((html, index) => {
      const path = paths[index] ?? "";
      expect(embedded(html).query.from).toBe(new URL(path, "http://x").searchParams.get("from"));
      expect(html).toBe(renderedHere(html, path));
    });
    await allSlotsBack();
  });

  it("keep a copy of a page asked for twice: later pages written into the same memory leave it whole", async () => {
    const kept = setup.listPath(60);
    const first = await get(kept);
    // Asked for again: rendered and kept for the next visitors (asked-before.ts).
    expect(await get(kept)).toBe(first);
    await Promise.all(Array.from({ length: 3 * SLOT_COUNT }, (_, index) => get(setup.listPath(70 + (index % 90), 2))));
    // Answered from what was kept, not rendered again.
    const again = await get(kept);
    expect(again).toBe(first);
    expect(again).toBe(renderedHere(again, kept));
    await allSlotsBack();
  });

  it("take the slot back from a visitor who left before their page was sent", async () => {
    const left = Array.from(
      { length: 8 },
      (_, index) =>
        new Promise<void>((resolve) => {
          const leaving = request(setup.listPath(200 + index)).on("error", () => resolve());
          leaving.on("response", () => resolve());
          setTimeout(() => leaving.destroy(), index);
        }),
    );
    await Promise.all(left);
    await allSlotsBack();
  });
});
