import { randomUUID } from "node:crypto";
import { toInstant } from "@domain/rental-time";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { landings, reservations } from "../db/schema";
import { escapeHtml } from "../ssr/html";
import type { PublicRenderer } from "../ssr/page-types";
import { createTestApp } from "../test/app";
import { bearer, createBookableLanding, type Owner, signUp } from "../test/factories";

// The public pages are rendered by a stand-in: these tests count views, they do not read pages.
const renderer: PublicRenderer = {
  renderBody: (data) => `<main><h1>${escapeHtml(data.landing.display_name)}</h1><p>${data.page.kind}</p></main>`,
  pageTitle: (data) => data.landing.display_name,
  pageDescription: (data) => data.landing.display_name,
};

const { app, clock, db } = await createTestApp({}, { publicRenderer: renderer });

// Sunday 15 March 2026, 16:00 UTC: 12:00 in Santo Domingo (UTC-4), 17:00 in Madrid (UTC+1).
const NOW = new Date("2026-03-15T16:00:00Z");
clock.advance(NOW.getTime() - clock.now().getTime());

type Landing = Awaited<ReturnType<typeof createBookableLanding>>;
type Seed = {
  status: "pending" | "confirmed" | "cancelled" | "completed";
  source?: "public" | "manual";
  pickup: [string, string];
  dropoff: [string, string];
  total: number;
  created: string;
  name?: string;
};

/** A reservation written straight to the table, so every figure of the data set is chosen here. */
async function seed(landing: Landing, timeZone: string, currency: string, row: Seed) {
  const [pickupDate, pickupTime] = row.pickup;
  const [returnDate, returnTime] = row.dropoff;
  const [created] = await db
    .insert(reservations)
    .values({
      landingId: landing.id,
      ownerId: sql`(select owner_id from landings where id = ${landing.id})`,
      vehicleId: landing.vehicle.id,
      reference: `T${randomUUID().slice(0, 8).toUpperCase()}`,
      status: row.status,
      source: row.source ?? "public",
      vehicleName: "Toyota Corolla 2024",
      placeOfDeparture: "Santiago",
      arrivalPlace: "La Romana",
      pickupDate,
      pickupTime,
      returnDate,
      returnTime,
      pickupAt: toInstant({ date: pickupDate, time: pickupTime }, timeZone) ?? new Date(),
      returnAt: toInstant({ date: returnDate, time: returnTime }, timeZone) ?? new Date(),
      people: 2,
      bags: 1,
      name: row.name ?? "Ana",
      lastName: "Peña",
      email: "ana@example.com",
      phone: "+1 809 555 0101",
      language: "es",
      days: 1,
      pricePerDayCents: row.total,
      rentalCents: row.total,
      addonsCents: 0,
      subtotalCents: row.total,
      taxLabel: "ITBIS",
      taxRateBasisPoints: 0,
      taxCents: 0,
      totalCents: row.total,
      currency,
      createdAt: new Date(row.created),
    })
    .returning();
  if (!created) throw new Error("seed failed");
  return created;
}

const get = (owner: Owner | null, url: string) =>
  app.inject({ method: "GET", url, headers: owner ? { ...bearer(owner), "accept-language": "es" } : {} });

let owner: Owner;
let stranger: Owner;
let usd: Landing;
let eur: Landing;
const refs: Record<string, string> = {};

beforeAll(async () => {
  owner = await signUp(app);
  stranger = await signUp(app);
  usd = await createBookableLanding(app, owner, { units: "2" });
  eur = await createBookableLanding(app, owner, { units: "3" });
  await db.update(landings).set({ currency: "EUR", timeZone: "Europe/Madrid" }).where(eq(landings.id, eur.id));
  const inUsd = (key: string, row: Seed) =>
    seed(usd, "America/Santo_Domingo", "USD", row).then((r) => {
      refs[key] = r.reference;
    });
  const inEur = (key: string, row: Seed) =>
    seed(eur, "Europe/Madrid", "EUR", row).then((r) => {
      refs[key] = r.reference;
    });
  // Santo Domingo, USD, 2 units.
  await inUsd("r1", {
    status: "confirmed",
    pickup: ["2026-03-15", "10:00"],
    dropoff: ["2026-03-18", "10:00"],
    total: 30_000,
    created: "2026-03-01T14:00:00Z",
    name: "Rosa",
  });
  await inUsd("r2", {
    status: "pending",
    source: "manual",
    pickup: ["2026-03-16", "09:00"],
    dropoff: ["2026-03-17", "09:00"],
    total: 12_000,
    created: "2026-03-14T12:00:00Z",
    name: "Bruno",
  });
  await inUsd("r3", {
    status: "cancelled",
    pickup: ["2026-03-15", "08:00"],
    dropoff: ["2026-03-16", "08:00"],
    total: 9_999,
    created: "2026-03-10T12:00:00Z",
  });
  await inUsd("r4", {
    status: "completed",
    pickup: ["2026-02-26", "10:00"],
    dropoff: ["2026-03-02", "10:00"],
    total: 40_000,
    created: "2026-02-20T12:00:00Z",
  });
  await inUsd("r5", {
    status: "confirmed",
    pickup: ["2026-02-10", "10:00"],
    dropoff: ["2026-02-12", "10:00"],
    total: 20_000,
    created: "2026-02-01T12:00:00Z",
  });
  // Made at 23:00 on the 14th in Santo Domingo, already the 15th in UTC.
  await inUsd("r6", {
    status: "confirmed",
    source: "manual",
    pickup: ["2026-03-20", "10:00"],
    dropoff: ["2026-03-25", "10:00"],
    total: 50_000,
    created: "2026-03-15T03:00:00Z",
  });
  await inUsd("r7", {
    status: "confirmed",
    pickup: ["2026-03-12", "10:00"],
    dropoff: ["2026-03-15", "18:00"],
    total: 15_000,
    created: "2026-03-05T12:00:00Z",
    name: "Carla",
  });
  await inUsd("r8", {
    status: "pending",
    pickup: ["2026-03-31", "10:00"],
    dropoff: ["2026-04-03", "10:00"],
    total: 7_000,
    created: "2026-03-15T15:00:00Z",
  });
  await inUsd("r9", {
    status: "completed",
    pickup: ["2025-04-10", "10:00"],
    dropoff: ["2025-04-11", "10:00"],
    total: 11_111,
    created: "2025-04-01T12:00:00Z",
  });
  await inUsd("r10", {
    status: "completed",
    pickup: ["2025-03-20", "10:00"],
    dropoff: ["2025-03-21", "10:00"],
    total: 22_222,
    created: "2025-03-01T12:00:00Z",
  });
  // Booked today for next month, confirmed: revenue still ahead, outside this month's figures.
  await inUsd("r11", {
    status: "confirmed",
    source: "manual",
    pickup: ["2026-04-10", "10:00"],
    dropoff: ["2026-04-12", "10:00"],
    total: 65_500,
    created: "2026-03-15T12:00:00Z",
  });
  // Madrid, EUR, 3 units. Made at 00:30 on the 15th in Madrid (still the 14th in Santo Domingo).
  await inEur("e1", {
    status: "confirmed",
    pickup: ["2026-03-14", "11:00"],
    dropoff: ["2026-03-16", "11:00"],
    total: 25_000,
    created: "2026-03-14T23:30:00Z",
    name: "Elena",
  });
  await inEur("e2", {
    status: "completed",
    pickup: ["2026-02-05", "11:00"],
    dropoff: ["2026-02-07", "11:00"],
    total: 8_000,
    created: "2026-02-01T12:00:00Z",
  });
  // Another owner's business never shows in this owner's figures.
  const theirs = await createBookableLanding(app, stranger, { units: "1" });
  await seed(theirs, "America/Santo_Domingo", "USD", {
    status: "confirmed",
    pickup: ["2026-03-15", "07:00"],
    dropoff: ["2026-03-16", "07:00"],
    total: 99_900,
    created: "2026-03-15T12:00:00Z",
  });
});

describe("GET /api/insights/summary", () => {
  it("lists today's and tomorrow's pickups and returns in each landing's calendar, going-ahead ones only", async () => {
    const response = await get(owner, "/api/insights/summary");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const refsOf = (list: { items: { reference: string }[] }) => list.items.map((item) => item.reference);
    expect(refsOf(body.today.pickups)).toEqual([refs.r1]);
    expect(body.today.pickups.total).toBe(1);
    expect(body.today.pickups.items[0]).toMatchObject({
      landing_id: usd.id,
      customer: "Rosa Peña",
      vehicle: "Toyota Corolla 2024",
      time: "10:00",
      place: "Santiago",
      status: "confirmed",
      express: false,
    });
    expect(refsOf(body.today.returns)).toEqual([refs.r7]);
    expect(body.today.returns.items[0]).toMatchObject({ time: "18:00", place: "La Romana", customer: "Carla Peña" });
    expect(refsOf(body.tomorrow.pickups)).toEqual([refs.r2]);
    expect(refsOf(body.tomorrow.returns)).toEqual([refs.e1]);
    expect(body.tomorrow.returns.items[0]).toMatchObject({ landing_id: eur.id, time: "11:00" });
    expect(body.landings.map((l: { id: number }) => l.id).sort()).toEqual([usd.id, eur.id].sort());
  });

  it("counts pending reservations, this month against last per currency, and the fleet's utilisation", async () => {
    const body = (await get(owner, "/api/insights/summary")).json();
    expect(body.pending).toBe(2);
    // Made this month in each landing's calendar, cancelled r3 left out: r1, r2, r6 (the 14th in
    // Santo Domingo), r7, r8, r11 and e1 (the 15th in Madrid); last month r4, r5 and e2.
    expect(body.booked).toEqual({ this_month: 7, last_month: 3 });
    // Confirmed and still to be picked up: r6 (20 March) and r11 (10 April); r1 left this morning.
    expect(body.upcoming).toEqual([
      { currency: "EUR", revenue_cents: 0, bookings: 0 },
      { currency: "USD", revenue_cents: 115_500, bookings: 2 },
    ]);
    expect(body.month).toEqual([
      {
        currency: "EUR",
        revenue_cents: 25_000,
        bookings: 1,
        last_month_revenue_cents: 8_000,
        last_month_bookings: 1,
        received_cents: 0,
        received_at_counter_cents: 0,
      },
      {
        currency: "USD",
        revenue_cents: 95_000,
        bookings: 3,
        last_month_revenue_cents: 60_000,
        last_month_bookings: 2,
        received_cents: 0,
        received_at_counter_cents: 0,
      },
    ]);
    // Booked unit-days in March: 3 + 1 + 1 + 5 + 3 + 1 (USD) + 2 (EUR); units x 31 days: 2 x 31 + 3 x 31.
    expect(body.utilisation).toEqual({ booked_unit_days: 16, available_unit_days: 155, percent: 10.3 });
  });

  it("narrows to one landing", async () => {
    const body = (await get(owner, `/api/insights/summary?landing=${usd.id}`)).json();
    expect(body.landings.map((l: { id: number }) => l.id)).toEqual([usd.id]);
    expect(body.tomorrow.returns).toEqual({ total: 0, items: [] });
    expect(body.month.map((m: { currency: string }) => m.currency)).toEqual(["USD"]);
    expect(body.booked).toEqual({ this_month: 6, last_month: 2 });
    expect(body.upcoming).toEqual([{ currency: "USD", revenue_cents: 115_500, bookings: 2 }]);
    expect(body.utilisation).toEqual({ booked_unit_days: 14, available_unit_days: 62, percent: 22.6 });
  });

  it("answers an owner without landings with empty figures", async () => {
    const newcomer = await signUp(app);
    const body = (await get(newcomer, "/api/insights/summary")).json();
    expect(body).toEqual({
      landings: [],
      today: { pickups: { total: 0, items: [] }, returns: { total: 0, items: [] } },
      tomorrow: { pickups: { total: 0, items: [] }, returns: { total: 0, items: [] } },
      pending: 0,
      counter: { out_now: 0, due_back_today: 0, overdue: 0 },
      booked: { this_month: 0, last_month: 0 },
      month: [],
      upcoming: [],
      utilisation: { booked_unit_days: 0, available_unit_days: 0, percent: null },
    });
    const charts = (await get(newcomer, "/api/insights/charts")).json();
    expect(charts.bookings_per_day).toHaveLength(30);
    expect(charts.revenue_per_month.series).toEqual([]);
  });
});

describe("GET /api/insights/charts", () => {
  it("counts bookings per day over 30 days by creation day, public and manual, without cancelled ones", async () => {
    const body = (await get(owner, "/api/insights/charts")).json();
    const days = body.bookings_per_day as { date: string; public: number; manual: number }[];
    expect(days).toHaveLength(30);
    expect(days[0]?.date).toBe("2026-02-14");
    expect(days[29]?.date).toBe("2026-03-15");
    expect(days.filter((day) => day.public + day.manual > 0)).toEqual([
      { date: "2026-02-20", public: 1, manual: 0 },
      { date: "2026-03-01", public: 1, manual: 0 },
      { date: "2026-03-05", public: 1, manual: 0 },
      { date: "2026-03-14", public: 0, manual: 2 },
      { date: "2026-03-15", public: 2, manual: 1 },
    ]);
  });

  it("sums confirmed revenue per pickup month over 12 months and the next 3, per landing in its own currency", async () => {
    const body = (await get(owner, "/api/insights/charts")).json();
    const { months, series } = body.revenue_per_month;
    expect(months).toHaveLength(15);
    expect(months[0]).toBe("2025-04");
    expect(months[11]).toBe("2026-03");
    expect(months[14]).toBe("2026-06");
    const ofLanding = (id: number) => series.find((s: { landing_id: number }) => s.landing_id === id);
    const nonZero = (points: { month: string; revenue_cents: number; bookings: number }[]) =>
      points.filter((point) => point.revenue_cents > 0);
    expect(ofLanding(usd.id).currency).toBe("USD");
    expect(nonZero(ofLanding(usd.id).points)).toEqual([
      { month: "2025-04", revenue_cents: 11_111, bookings: 1 },
      { month: "2026-02", revenue_cents: 60_000, bookings: 2 },
      { month: "2026-03", revenue_cents: 95_000, bookings: 3 },
      { month: "2026-04", revenue_cents: 65_500, bookings: 1 },
    ]);
    expect(ofLanding(eur.id).currency).toBe("EUR");
    expect(nonZero(ofLanding(eur.id).points)).toEqual([
      { month: "2026-02", revenue_cents: 8_000, bookings: 1 },
      { month: "2026-03", revenue_cents: 25_000, bookings: 1 },
    ]);
    expect(series).toHaveLength(2);
  });
});

describe("page views and the funnel", () => {
  const visit = (path: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
    app.inject({
      method,
      url: path,
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140", ...headers },
    });

  it("counts the public pages people see, skips bots, HEAD requests, prefetches and the owner's preview", async () => {
    const base = `/${usd.name}`;
    for (const path of [base, base, base, `${base}/vehicle`, `${base}/vehicle`, `${base}/vehicles/${usd.vehicle.id}`]) {
      expect((await visit(path)).statusCode).toBe(200);
    }
    await visit(`${base}/review`);
    await visit(`${base}/thanks-you`);
    await visit(`${base}/faq`);
    await visit(base, { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" });
    await visit(base, { "user-agent": "facebookexternalhit/1.1 Preview" });
    await visit(base, { "sec-purpose": "prefetch" });
    await visit(base, {}, "HEAD");
    await visit(`/review-component/${usd.name}/site`, bearer(owner));
    await app.pageViews.flush();

    const today = (await get(owner, `/api/insights/funnel?landing=${usd.id}&from=2026-03-15&to=2026-03-15`)).json();
    expect(today).toEqual({
      from: "2026-03-15",
      to: "2026-03-15",
      steps: [
        { step: "home", count: 3, rate: null, more_than_before: false },
        { step: "list", count: 2, rate: 66.7, more_than_before: false },
        { step: "vehicle", count: 1, rate: 50, more_than_before: false },
        { step: "review", count: 1, rate: 100, more_than_before: false },
        { step: "booked", count: 1, rate: 100, more_than_before: false },
      ],
      overall: 33.3,
      confirmation_views: 1,
    });
  });

  it("adds later flushes to what was written, and defaults to the last 30 days", async () => {
    await visit(`/${usd.name}`);
    await app.pageViews.flush();
    const body = (await get(owner, `/api/insights/funnel?landing=${usd.id}`)).json();
    expect(body.from).toBe("2026-02-14");
    expect(body.to).toBe("2026-03-15");
    // Public bookings made in the period, whatever became of them: r1, r3 (cancelled), r4, r7, r8.
    expect(body.steps.map((step: { count: number }) => step.count)).toEqual([4, 2, 1, 1, 5]);
    const other = (await get(owner, `/api/insights/funnel?landing=${eur.id}`)).json();
    expect(other.steps.map((step: { count: number }) => step.count)).toEqual([0, 0, 0, 0, 1]);
    expect(other.steps[1].rate).toBeNull();
    expect(other.overall).toBeNull();
  });

  it("gives no share above 100 %: a step with more than the one before says so instead", async () => {
    const shop = await createBookableLanding(app, owner);
    // One home view, then three list views (the search sent again after a back button), one booking.
    for (const path of ["", "/vehicle", "/vehicle", "/vehicle"]) await visit(`/${shop.name}${path}`);
    await app.pageViews.flush();
    await seed(shop, "America/Santo_Domingo", "USD", {
      status: "pending",
      pickup: ["2026-03-20", "10:00"],
      dropoff: ["2026-03-21", "10:00"],
      total: 5_000,
      created: "2026-03-15T14:00:00Z",
    });
    const body = (await get(owner, `/api/insights/funnel?landing=${shop.id}&from=2026-03-15&to=2026-03-15`)).json();
    expect(body.steps).toEqual([
      { step: "home", count: 1, rate: null, more_than_before: false },
      { step: "list", count: 3, rate: null, more_than_before: true },
      { step: "vehicle", count: 0, rate: 0, more_than_before: false },
      { step: "review", count: 0, rate: null, more_than_before: false },
      { step: "booked", count: 1, rate: null, more_than_before: true },
    ]);
    // One booking from one home view is 100 %, never more.
    expect(body.overall).toBe(100);
  });

  it("writes nothing for a landing deleted before the flush, and keeps the others' views", async () => {
    const gone = await createBookableLanding(app, owner);
    await visit(`/${gone.name}`);
    await visit(`/${eur.name}`);
    await db.delete(landings).where(eq(landings.id, gone.id));
    await app.pageViews.flush();
    const body = (await get(owner, `/api/insights/funnel?landing=${eur.id}&from=2026-03-15&to=2026-03-15`)).json();
    expect(body.steps[0].count).toBe(1);
  });
});

describe("scope and input", () => {
  it("answers 404 for another owner's landing, and 401 without a session", async () => {
    for (const path of ["summary", "charts", "funnel"]) {
      const response = await get(stranger, `/api/insights/${path}?landing=${usd.id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect((await get(null, `/api/insights/${path}`)).statusCode).toBe(401);
    }
    const theirs = (await get(stranger, "/api/insights/summary")).json();
    expect(theirs.month).toEqual([
      {
        currency: "USD",
        revenue_cents: 99_900,
        bookings: 1,
        last_month_revenue_cents: 0,
        last_month_bookings: 0,
        received_cents: 0,
        received_at_counter_cents: 0,
      },
    ]);
  });

  it("refuses a malformed landing id or period with the validation shape", async () => {
    const bad = [
      "/api/insights/summary?landing=abc",
      "/api/insights/charts?landing=-1",
      "/api/insights/funnel?from=2026-02-30&to=2026-03-01",
      "/api/insights/funnel?from=2026-03-10&to=2026-03-01",
      "/api/insights/funnel?from=2025-01-01&to=2026-03-15",
      "/api/insights/funnel?from=2020-01-01",
      "/api/insights/funnel?to=nope",
    ];
    for (const url of bad) {
      const response = await get(owner, url);
      expect(response.statusCode, url).toBe(422);
      expect(response.json(), url).toEqual({ message: expect.any(String), errors: expect.any(Object) });
    }
    const longest = await get(owner, "/api/insights/funnel?from=2025-03-15&to=2026-03-15");
    expect(longest.statusCode).toBe(200);
  });
});
