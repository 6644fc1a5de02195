import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { verificationRecord } from "@domain/custom-domain";
import { DEFAULT_TIME_ZONE } from "@domain/landings";
import { translate } from "@domain/messages";
import { toLocal } from "@domain/rental-time";
import { asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import {
  calendarFeeds,
  customerContacts,
  customers,
  invoices,
  landingAddons,
  landingPayments,
  landings,
  locations,
  outbox,
  pageViews,
  payments,
  placeRules,
  rentalAgreements,
  rentalHandovers,
  rentalPhotos,
  reservationAddons,
  reservations,
  sessions,
  specialFeatures,
  users,
  vehicleBlocks,
  vehicleImages,
  vehicleSpecialFeatures,
  vehicles,
} from "../db/schema";
import { paymentsOf } from "../payments";
import { createTestApp } from "../test/app";
import { startDnsStandIn } from "../test/dns-stand-in";
import {
  addLocationFor,
  bearer,
  bookingPayload,
  browser,
  createLandingFor,
  createVehicleFor,
  jpegWithExif,
  multipart,
  type Owner,
  photos,
  pngLogo,
  publishLanding,
  signIn,
  signUp,
  vehicleFields,
} from "../test/factories";
import { startStripeStandIn } from "../test/stripe-stand-in";

/**
 * Issue 13, attack suite items 1 and 2: every owner route of the server's own route table, called
 * by another owner with the first owner's ids (403 or 404, nothing changed, nothing of theirs in the
 * answer), without a session (401), and by the owner's own browser without the CSRF header (403,
 * nothing changed), each time followed by the owner's own call with the header, which must succeed:
 * a refusal that a valid call would also get proves nothing.
 */
const standIn = await startStripeStandIn();
// The owners' DNS, where A's domain's verification record is put before A verifies it.
const dns = await startDnsStandIn();
afterAll(() => standIn.close());
const { app, clock, db, storage } = await createTestApp({ STRIPE_API_URL: standIn.url, DNS_SERVERS: dns.server });

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Call = { url: string; payload?: string | object | Buffer; headers?: Record<string, string> };
type Side = Awaited<ReturnType<typeof dataSet>>;
type Own = {
  /** B's own call when it cannot be A's (e.g. B creates a feature with the name A's has). */
  call?: (a: Side, b: Side) => Call | Promise<Call>;
  /** B's answer holds B's data only. */
  check: (response: LightMyRequestResponse, a: Side, b: Side) => void | Promise<void>;
  /** The answer repeats what B sent (A's name in a query), so A's marker may appear in it. */
  echoes?: boolean;
};
type Entry = {
  /**
   * A's own valid call on A's data, built (and any data it uses up created) before the snapshot.
   * B makes the very same call.
   */
  call: (a: Side) => Call | Promise<Call>;
  /** What A's own call answers. */
  ok: number;
  /** How B's identical call is judged: refused (the default), or answered from B's own data. */
  own?: Own;
  /** More calls of B, mixing its own ids with A's: each refused with 403 or 404 (or `mixedStatus`). */
  mixed?: (a: Side, b: Side) => Call[];
  mixedStatus?: number[];
  /** B's calls on its own scope whose answers must hold nothing of A's (lists, figures). */
  view?: Own & { call: NonNullable<Own["call"]> };
  /** An unsafe call that stores nothing (a quote): A's successful call leaves the snapshot equal. */
  storesNothing?: boolean;
  /** Each caller signs in anew and uses that session (logout ends the session it is called with). */
  freshSessions?: boolean;
};
type Skip = { skip: string };

const onAHundredDays = (offset: number) =>
  new Date(clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
let spread = 0;
/** Booking dates far enough apart that no two calls of the suite compete for the vehicle's units. */
const nextDays = () => {
  spread += 1;
  return { start: 10 + spread * 4, length: 2 };
};
const WEEK = Array.from({ length: 7 }, () => ({ open: "08:00", close: "18:00" }));

async function ok<T = Record<string, unknown>>(response: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
  const done = await response;
  if (done.statusCode !== status) throw new Error(`${done.statusCode} ${done.body}`);
  return done.json() as T;
}

const send = (owner: Owner, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: bearer(owner) });

const versionOfLanding = async (id: number) =>
  (await db.select({ version: landings.version }).from(landings).where(eq(landings.id, id)))[0]?.version ?? 0;
const versionOfPayments = async (landingId: number) =>
  (
    await db
      .select({ version: landingPayments.version })
      .from(landingPayments)
      .where(eq(landingPayments.landingId, landingId))
  )[0]?.version ?? 0;
/** A Stripe account of the stand-in's, for one connect call. */
const stripeKeys = () => {
  const id = randomUUID().replaceAll("-", "");
  const keys = { secretKey: `sk_test_${id}`, publishableKey: `pk_test_${id}`, webhookSecret: `whsec_${id}` };
  standIn.addAccount(keys);
  return { secret_key: keys.secretKey, publishable_key: keys.publishableKey, webhook_secret: keys.webhookSecret };
};
/**
 * A booking of A's paid by card with its deposit held, through the stand-in (issue 27): what the
 * owner's refund and deposit routes act on. The ledger rows are what the webhook would have written.
 */
async function paidWithHold(side: Bookable & { owner: Owner }) {
  const keys = stripeKeys();
  const connected = await app.inject({
    method: "PUT",
    url: `/api/landings/${side.owner.id}/${side.landing.id}/payments/stripe`,
    payload: keys,
    headers: bearer(side.owner),
  });
  expect(connected.statusCode, connected.body).toBe(200);
  const booked = await book(side);
  const provider = paymentsOf(app.deps.config).provider;
  const account = {
    secretKey: keys.secret_key,
    publishableKey: keys.publishable_key,
    webhookSecret: keys.webhook_secret,
  };
  const checkout = await provider.createCheckout(account, {
    reference: booked.reference,
    reservationId: booked.id,
    landingId: side.landing.id,
    amountCents: 100_00,
    currency: "usd",
    description: "Matrix",
    customerEmail: null,
    language: "es",
    saveCard: true,
    successUrl: "https://example.com/ok",
    cancelUrl: "https://example.com/no",
    expiresAt: new Date(Date.now() + 3_600_000),
    idempotencyKey: randomUUID(),
  });
  await fetch(checkout.url, { method: "POST", redirect: "manual" });
  const paid = await provider.getCheckout(account, checkout.id);
  if (!paid.paymentId || !paid.customerId || !paid.paymentMethodId)
    throw new Error("the stand-in did not take the payment");
  const hold = await provider.holdDeposit(account, {
    customerId: paid.customerId,
    paymentMethodId: paid.paymentMethodId,
    amountCents: 50_00,
    currency: "usd",
    reservationId: booked.id,
    reference: booked.reference,
    idempotencyKey: randomUUID(),
  });
  const row = {
    reservationId: booked.id,
    landingId: side.landing.id,
    currency: "usd",
    provider: "stripe",
    status: "succeeded",
  };
  await db.insert(payments).values([
    { ...row, kind: "charge", amountCents: 100_00, providerId: paid.paymentId },
    { ...row, kind: "hold", amountCents: 50_00, providerId: hold.paymentId, expiresAt: hold.captureBefore },
  ]);
  return booked;
}

const versionOfVehicle = async (id: number) =>
  (await db.select({ version: vehicles.version }).from(vehicles).where(eq(vehicles.id, id)))[0]?.version ?? 0;
const imageIdsOf = async (vehicleId: number) =>
  (
    await db
      .select({ id: vehicleImages.id })
      .from(vehicleImages)
      .where(eq(vehicleImages.vehicleId, vehicleId))
      .orderBy(asc(vehicleImages.position))
  ).map((row) => row.id);

/**
 * An owner with one of everything the owner routes take ids of: a published landing with add-ons,
 * rules, SEO, a custom domain and a calendar feed; a vehicle with photos, rules, a season, a block and
 * a special feature; two locations with a one-way fee and opening hours; a pending public booking
 * with an add-on and a confirmed manual one; a trashed landing; an avatar. Every text carries `tag`,
 * so an answer holding any of it is caught by a plain search.
 */
async function dataSet(label: string) {
  const tag = `${label}${randomUUID().slice(0, 8)}`;
  const owner = await signUp(app, { email: `${tag}@example.com`, name: `Owner ${tag}` });
  const avatar = await multipart({
    name: `Owner ${tag}`,
    email: owner.email,
    avatar: { data: await jpegWithExif(64, 64), filename: "me.jpg", type: "image/jpeg" },
  });
  await ok(
    app.inject({
      method: "POST",
      url: `/api/users-update/${owner.id}`,
      payload: avatar.payload,
      headers: { ...avatar.headers, ...bearer(owner) },
    }),
  );
  const created = await createLandingFor(app, owner, { name: `Rent ${tag}` });
  const vehicle = await createVehicleFor(app, owner, created.id, await photos(3, 64, 48), {
    name: `Car ${tag}`,
    description: `Described ${tag}`,
    units: "3",
  });
  const pickup = { ...(await addLocationFor(app, owner, created.id, `Pickup ${tag}`)), place: `Pickup ${tag}` };
  const dropoff = { ...(await addLocationFor(app, owner, created.id, `Return ${tag}`)), place: `Return ${tag}` };
  // The one-way trip the bookings below make: only pairs the owner created are offered (issue 25.2).
  await ok(
    send(owner, "POST", `/api/landings/${created.id}/addLocation`, {
      place_of_departure: pickup.place,
      arrival_place: dropoff.place,
    }),
    201,
  );
  await publishLanding(app, owner, created.id);
  const landing = await ok<{ id: number; name: string; version: number }>(
    send(owner, "POST", `/api/landing-update/${owner.id}/${created.id}`, {
      version: String(await versionOfLanding(created.id)),
      color_primary: "#1D4ED8",
      color_secondary: "#f59e0b",
      default_language: "es",
      addons: JSON.stringify([{ name: `Seat ${tag}`, price: "5" }]),
    }),
  );
  await ok(
    send(owner, "POST", `/api/landings/${owner.id}/${landing.id}/meta`, {
      version: String(await versionOfLanding(landing.id)),
      meta_title: `Title ${tag}`,
      meta_description: `Description ${tag}`,
      og_description: `Shared ${tag}`,
    }),
  );
  await ok(
    send(owner, "PUT", `/api/landings/${owner.id}/${landing.id}/rules`, {
      version: await versionOfLanding(landing.id),
      contact_phone: "+1 809 555 0101",
      closures: [{ from: onAHundredDays(300), to: onAHundredDays(301), note: `Closed ${tag}` }],
    }),
  );
  await ok(
    send(owner, "PUT", `/api/landings/${owner.id}/${landing.id}/domain`, { custom_domain: `${tag}.example.com` }),
  );
  const [addon] = await db.select().from(landingAddons).where(eq(landingAddons.landingId, landing.id));
  if (!addon) throw new Error("no add-on stored");
  await ok(
    send(owner, "PUT", `/api/vehicles/${landing.id}/${vehicle.id}/rules`, {
      version: await versionOfVehicle(vehicle.id),
      deposit: "100",
      seasons: [{ name: `Season ${tag}`, from: onAHundredDays(200), to: onAHundredDays(230), price: "80" }],
    }),
  );
  const block = (
    await ok<{ block: { id: number } }>(
      send(owner, "POST", `/api/vehicles/${landing.id}/${vehicle.id}/blocks`, {
        from: onAHundredDays(250),
        to: onAHundredDays(252),
        units: 1,
        note: `Block ${tag}`,
      }),
      201,
    )
  ).block;
  const feature = (
    await ok<{ feature: { id: number; name: string } }>(
      send(owner, "POST", "/api/special-features", { name: `Feature ${tag}`, description: `About ${tag}` }),
      201,
    )
  ).feature;
  await ok(send(owner, "POST", `/api/vehicles/${vehicle.id}/special-features`, { special_feature_id: feature.id }));
  await ok(send(owner, "PATCH", `/api/landing/${landing.id}/locations/${pickup.id}`, { one_way_fee: "15" }));
  await ok(
    send(owner, "PUT", `/api/landings/${landing.id}/places`, {
      place: pickup.place,
      hours: WEEK,
      after_hours_fee: "10",
    }),
  );
  const side = { tag, owner, landing, vehicle, pickup, dropoff, feature, block, addonId: addon.id };
  const reservation = await book(side, { addons: [{ id: addon.id, quantity: 1 }] });
  const manual = await bookByHand(side);
  // The customer of both bookings (issue 28.7): the manual one has the public one's phone.
  const customer = await customerIdOf(reservation.id);
  const feed = await ok<{ url: string }>(send(owner, "GET", `/api/landings/${landing.id}/calendar`));
  const trashed = await createLandingFor(app, owner, { name: `Old ${tag}` });
  await ok(send(owner, "DELETE", `/api/landing/${trashed.id}`));
  return { ...side, reservation, manual, customer, feedUrl: feed.url, trashed };
}

type Bookable = Pick<Side, "tag" | "owner" | "landing" | "vehicle" | "pickup" | "dropoff">;

/** A visitor's booking on the public site: pending until the owner confirms it. */
async function book(side: Bookable, overrides: Record<string, unknown> = {}) {
  const payload = bookingPayload({ ...side.landing, vehicle: side.vehicle }, clock.now(), {
    place_of_departure: side.pickup.place,
    arrival_place: side.dropoff.place,
    name: `Ana ${side.tag}`,
    email: `customer-${side.tag}@example.com`,
    ...overrides,
  });
  const response = await app.inject({
    method: "POST",
    url: "/api/reservations",
    payload: { ...payload, ...datesOf(nextDays()) },
  });
  return ok<{ id: number; reference: string }>(Promise.resolve(response), 201);
}

const datesOf = (days: { start: number; length: number }) => ({
  date_of_departure: onAHundredDays(days.start),
  date_of_arrival: onAHundredDays(days.start + days.length),
});

/** What the owner's desk sends for a customer who called. */
function manualPayload(side: Bookable) {
  const { id_landing, terms_accepted, email, ...payload } = bookingPayload(
    { ...side.landing, vehicle: side.vehicle },
    clock.now(),
    { place_of_departure: side.pickup.place, arrival_place: side.dropoff.place, name: `Luis ${side.tag}` },
    nextDays(),
  );
  return payload;
}

async function bookByHand(side: Bookable) {
  const response = await send(side.owner, "POST", `/api/landings/${side.landing.id}/reservations`, manualPayload(side));
  type Booked = { id: number; reference: string; total_cents: number };
  return (await ok<{ reservation: Booked }>(Promise.resolve(response), 201)).reservation;
}

/** A booking taken by hand with US$10.00 of it paid in cash at the counter, recorded (issue 28). */
async function paidInCash(side: Bookable) {
  const booked = await bookByHand(side);
  const paid = await ok<{ reservation: { settlement: { received: { id: number }[] } } }>(
    send(side.owner, "POST", `/api/reservations/${booked.id}/payments`, {
      method: "cash",
      amount: "10",
      outstanding_cents: booked.total_cents,
    }),
  );
  return { ...booked, paymentId: paid.reservation.settlement.received[0]?.id ?? 0 };
}

/** A check-out the counter accepts (issue 28). */
const CHECK_OUT = {
  odometer_km: 1_000,
  fuel_eighths: 8,
  drivers: [
    {
      name: "Luis Matrix",
      licence_number: "M-1",
      licence_country: "DO",
      licence_expiry: "2099-01-01",
      birth_date: "1980-01-01",
    },
  ],
  // The vehicle's rules ask a deposit at the counter: received in cash.
  deposit_method: "cash",
  deposit_amount: "100",
};

/** A booking made by hand and moved to start today, so the counter can check it out. */
async function pickedUpToday(side: Bookable) {
  const booked = await bookByHand(side);
  const now = clock.now();
  await db
    .update(reservations)
    .set({
      // The landing's own day (its time zone), as the counter reads it.
      pickupDate: toLocal(now, DEFAULT_TIME_ZONE).date,
      pickupAt: now,
      returnAt: new Date(now.getTime() + 2 * 86_400_000),
      returnDate: new Date(now.getTime() + 2 * 86_400_000).toISOString().slice(0, 10),
    })
    .where(eq(reservations.id, booked.id));
  return booked;
}

/** A booking checked out at the counter today, so its agreement can be read and signed. */
async function onRentToday(side: Bookable) {
  const booked = await pickedUpToday(side);
  await ok(send(side.owner, "POST", `/api/reservations/${booked.id}/check-out`, CHECK_OUT));
  return booked;
}

/** A signature as a signature pad sends it: one stroke on a transparent PNG. */
const SIGNATURE =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAICAYAAADwdn+XAAAAFklEQVR4nGMQlFD/D8IMlIJRg4ayQQAwOxTxByj9lQAAAABJRU5ErkJggg==";

const customerIdOf = async (reservationId: number) => {
  const [row] = await db
    .select({ id: reservations.customerId })
    .from(reservations)
    .where(eq(reservations.id, reservationId));
  if (!row?.id) throw new Error("the booking has no customer");
  return row.id;
};
const versionOfCustomer = async (id: number) =>
  (await db.select({ version: customers.version }).from(customers).where(eq(customers.id, id)))[0]?.version ?? 0;

/**
 * A customer of A's of their own (a booking with its own email and phone), for calls that change
 * them for good (the do-not-rent mark would refuse A's later bookings) or use them up (erasure,
 * which needs every booking of theirs over: this one is cancelled).
 */
async function spareCustomer(side: Bookable, cancelled = false) {
  const phone = `+1 829 ${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
  const booked = await book(side, { email: `spare-${randomUUID().slice(0, 8)}-${side.tag}@example.com`, phone });
  if (cancelled) await ok(send(side.owner, "PATCH", `/api/reservations/${booked.id}/status`, { status: "cancelled" }));
  return customerIdOf(booked.id);
}

/** A landing with what publishing needs, for calls that use one up (trash, publish). */
async function spareLanding(a: Side, name: string) {
  const landing = await createLandingFor(app, a.owner, { name: `${name} ${a.tag} ${randomUUID().slice(0, 4)}` });
  await createVehicleFor(app, a.owner, landing.id, await photos(1, 32, 24), { name: `Spare ${a.tag}` });
  await addLocationFor(app, a.owner, landing.id, `Spare ${a.tag}`);
  return landing;
}

async function trashedLanding(a: Side) {
  const landing = await createLandingFor(app, a.owner, { name: `Gone ${a.tag} ${randomUUID().slice(0, 4)}` });
  await ok(send(a.owner, "DELETE", `/api/landing/${landing.id}`));
  return landing;
}

async function spareFeature(a: Side) {
  const body = { name: `Spare ${a.tag} ${randomUUID().slice(0, 4)}`, description: `About ${a.tag}` };
  type Feature = { id: number; name: string; description: string };
  return (await ok<{ feature: Feature }>(send(a.owner, "POST", "/api/special-features", body), 201)).feature;
}

async function form(fields: Parameters<typeof multipart>[0]): Promise<Call> {
  const body = await multipart(fields);
  return { url: "", payload: body.payload, headers: body.headers };
}

const idsIn = (list: { id: number }[]) => list.map((item) => item.id).sort();
const landingIdsOf = async (ownerId: number) =>
  (await db.select({ id: landings.id }).from(landings).where(eq(landings.ownerId, ownerId))).map((row) => row.id);

/** Every owner route, and how it is called with A's ids. A route missing here fails the suite. */
const MATRIX: Record<string, Entry | Skip> = {
  // Accounts and sessions
  "POST /api/nelly-logout": {
    call: () => ({ url: "/api/nelly-logout" }),
    ok: 200,
    freshSessions: true,
    // No id in it: B's call ends B's own session, never A's (A's sessions are in the snapshot).
    own: { check: (response) => expect(response.statusCode).toBe(200) },
  },
  "GET /api/session": {
    call: () => ({ url: "/api/session" }),
    ok: 200,
    own: {
      check: (response, _a, b) => {
        expect(response.statusCode).toBe(200);
        expect(response.json().user_id).toBe(b.owner.id);
      },
    },
  },
  "GET /api/users/:id": { call: (a) => ({ url: `/api/users/${a.owner.id}` }), ok: 200 },
  "POST /api/users-update/:id": {
    call: (a) => ({
      url: `/api/users-update/${a.owner.id}`,
      payload: { name: `Renamed ${a.tag}`, email: a.owner.email },
    }),
    ok: 200,
  },
  "PUT /api/users/:id/language": {
    call: (a) => ({ url: `/api/users/${a.owner.id}/language`, payload: { language: "en" } }),
    ok: 200,
  },

  // Landings
  "GET /api/landing/:userId": {
    call: (a) => ({ url: `/api/landing/${a.owner.id}` }),
    ok: 200,
    view: {
      call: (_a, b) => ({ url: `/api/landing/${b.owner.id}` }),
      check: async (response, _a, b) => {
        expect(response.statusCode).toBe(200);
        expect(idsIn(response.json()).every((id) => id !== b.trashed.id)).toBe(true);
        expect(idsIn(response.json())).toContain(b.landing.id);
      },
    },
  },
  "GET /api/landing-name-check": {
    call: (a) => ({
      url: `/api/landing-name-check?name=${encodeURIComponent(a.landing.name)}&landing_id=${a.landing.id}`,
    }),
    ok: 200,
    // No foreign data to find, but A's landing id must not make A's name look free to B.
    own: {
      echoes: true,
      check: (response) => {
        expect(response.statusCode).toBe(200);
        expect(response.json().available).toBe(false);
      },
    },
  },
  "POST /api/landing": {
    call: async (a) => ({
      ...(await form({
        id_users_landing: String(a.owner.id),
        name: `New ${a.tag} ${randomUUID().slice(0, 4)}`,
        color_primary: "#1D4ED8",
        color_secondary: "#f59e0b",
        default_language: "es",
        logo: { data: await pngLogo(40, 20), filename: "logo.png", type: "image/png" },
      })),
      url: "/api/landing",
    }),
    ok: 201,
  },
  "GET /api/landings/:userId/:landingId": {
    call: (a) => ({ url: `/api/landings/${a.owner.id}/${a.landing.id}` }),
    ok: 200,
    mixed: (a, b) => [{ url: `/api/landings/${b.owner.id}/${a.landing.id}` }],
  },
  "POST /api/landing-update/:userId/:landingId": {
    call: async (a) => ({
      url: `/api/landing-update/${a.owner.id}/${a.landing.id}`,
      payload: {
        version: String(await versionOfLanding(a.landing.id)),
        color_primary: "#000000",
        color_secondary: "#ffffff",
        default_language: "en",
        addons: JSON.stringify([{ name: `Seat ${a.tag}`, price: "6" }]),
      },
    }),
    ok: 200,
    mixed: (a, b) => [
      {
        url: `/api/landing-update/${b.owner.id}/${a.landing.id}`,
        payload: { version: "1", color_primary: "#000000", color_secondary: "#ffffff", default_language: "en" },
      },
    ],
  },
  "POST /api/landings/:userId/:landingId/meta": {
    call: async (a) => ({
      url: `/api/landings/${a.owner.id}/${a.landing.id}/meta`,
      payload: {
        version: String(await versionOfLanding(a.landing.id)),
        meta_title: `Other title ${a.tag}`,
        meta_description: `Other ${a.tag}`,
        og_description: `Other shared ${a.tag}`,
      },
    }),
    ok: 200,
  },
  "PUT /api/landings/:userId/:landingId/rules": {
    call: async (a) => ({
      url: `/api/landings/${a.owner.id}/${a.landing.id}/rules`,
      payload: { version: await versionOfLanding(a.landing.id), min_days: "2", contact_phone: "+1 809 555 0199" },
    }),
    ok: 200,
  },
  "PUT /api/landings/:userId/:landingId/counter-rules": {
    call: async (a) => ({
      url: `/api/landings/${a.owner.id}/${a.landing.id}/counter-rules`,
      payload: { version: await versionOfLanding(a.landing.id), late_grace_minutes: 30, extra_km_fee: "0.20" },
    }),
    ok: 200,
  },
  "PUT /api/landings/:userId/:landingId/document-settings": {
    call: async (a) => ({
      url: `/api/landings/${a.owner.id}/${a.landing.id}/document-settings`,
      payload: { version: await versionOfLanding(a.landing.id), legal_name: `Matrix ${a.tag} SRL` },
    }),
    ok: 200,
  },
  "GET /api/landings/:userId/:landingId/payments": {
    call: (a) => ({ url: `/api/landings/${a.owner.id}/${a.landing.id}/payments` }),
    ok: 200,
  },
  "PUT /api/landings/:userId/:landingId/payments": {
    call: async (a) => ({
      url: `/api/landings/${a.owner.id}/${a.landing.id}/payments`,
      payload: { version: await versionOfPayments(a.landing.id), prepay: "none", pickup_methods: ["cash"] },
    }),
    ok: 200,
  },
  "PUT /api/landings/:userId/:landingId/payments/stripe": {
    call: (a) => ({ url: `/api/landings/${a.owner.id}/${a.landing.id}/payments/stripe`, payload: stripeKeys() }),
    ok: 200,
  },
  "DELETE /api/landings/:userId/:landingId/payments/stripe": {
    call: (a) => ({ url: `/api/landings/${a.owner.id}/${a.landing.id}/payments/stripe` }),
    ok: 200,
  },
  "PATCH /api/landing/status": {
    call: async (a) => ({
      url: "/api/landing/status",
      payload: { landing_id: (await spareLanding(a, "Publish")).id, status: "published" },
    }),
    ok: 200,
    mixed: (a, b) => [
      { url: "/api/landing/status", payload: { landing_id: a.landing.id, status: "draft" } },
      { url: "/api/landing/status", payload: { landing_id: b.landing.id, user_id: a.owner.id, status: "draft" } },
    ],
  },
  "GET /api/reviews/:name": { call: (a) => ({ url: `/api/reviews/${a.landing.name}` }), ok: 200 },
  "GET /api/landing/deleted/:userId": {
    call: (a) => ({ url: `/api/landing/deleted/${a.owner.id}` }),
    ok: 200,
    view: {
      call: (_a, b) => ({ url: `/api/landing/deleted/${b.owner.id}` }),
      check: (response, _a, b) => {
        expect(response.statusCode).toBe(200);
        expect(idsIn(response.json())).toContain(b.trashed.id);
      },
    },
  },
  "POST /api/landing/restore/:id": {
    call: async (a) => ({ url: `/api/landing/restore/${(await trashedLanding(a)).id}` }),
    ok: 200,
    mixed: (a) => [{ url: `/api/landing/restore/${a.trashed.id}` }],
  },
  "DELETE /api/landing/deletedFinal/:id": {
    call: async (a) => ({ url: `/api/landing/deletedFinal/${(await trashedLanding(a)).id}` }),
    ok: 200,
    mixed: (a) => [
      { url: `/api/landing/deletedFinal/${a.trashed.id}` },
      { url: `/api/landing/deletedFinal/${a.landing.id}` },
    ],
  },
  "DELETE /api/landing/:id": {
    call: async (a) => ({ url: `/api/landing/${(await createLandingFor(app, a.owner, { name: `Bin ${a.tag}` })).id}` }),
    ok: 200,
    mixed: (a) => [{ url: `/api/landing/${a.landing.id}` }],
  },
  "PUT /api/landings/:userId/:landingId/domain": {
    call: (a) => ({
      url: `/api/landings/${a.owner.id}/${a.landing.id}/domain`,
      payload: { custom_domain: `www-${randomUUID().slice(0, 6)}-${a.tag}.example.com` },
    }),
    ok: 200,
    mixed: (a, b) => [
      { url: `/api/landings/${b.owner.id}/${a.landing.id}/domain`, payload: { custom_domain: "" } },
      // B's own landing may not take A's domain: the answer must not be a success.
      { url: `/api/landings/${a.owner.id}/${b.landing.id}/domain`, payload: { custom_domain: "" } },
    ],
  },
  "POST /api/landings/:userId/:landingId/domain/verify": {
    call: async (a) => {
      const [claim] = await db
        .select({ domain: landings.customDomain, token: landings.customDomainToken })
        .from(landings)
        .where(eq(landings.id, a.landing.id));
      if (claim?.domain && claim.token) {
        const record = verificationRecord(claim.domain, claim.token);
        dns.setTxt(record.name, record.value);
      }
      return { url: `/api/landings/${a.owner.id}/${a.landing.id}/domain/verify` };
    },
    ok: 200,
    mixed: (a, b) => [
      { url: `/api/landings/${b.owner.id}/${a.landing.id}/domain/verify` },
      { url: `/api/landings/${a.owner.id}/${b.landing.id}/domain/verify` },
    ],
  },

  // Vehicles
  "GET /api/vehicles/:landingId": { call: (a) => ({ url: `/api/vehicles/${a.landing.id}` }), ok: 200 },
  "GET /api/vehicles/:landingId/:id": {
    call: (a) => ({ url: `/api/vehicles/${a.landing.id}/${a.vehicle.id}` }),
    ok: 200,
    mixed: (a, b) => [{ url: `/api/vehicles/${b.landing.id}/${a.vehicle.id}` }],
  },
  "POST /api/vehicle": {
    call: async (a) => ({
      ...(await form({
        id_landing: String(a.landing.id),
        ...vehicleFields({ name: `Added ${a.tag}` }),
        "images[0]": (await photos(1, 32, 24))[0] as { data: Buffer; filename: string; type: string },
      })),
      url: "/api/vehicle",
    }),
    ok: 201,
  },
  "PUT /api/vehicles/:landingId/:id": {
    call: async (a) => ({
      url: `/api/vehicles/${a.landing.id}/${a.vehicle.id}`,
      payload: {
        ...vehicleFields({ name: `Car ${a.tag}`, units: "3" }),
        version: String(await versionOfVehicle(a.vehicle.id)),
      },
    }),
    ok: 200,
    mixed: (a, b) => [
      { url: `/api/vehicles/${b.landing.id}/${a.vehicle.id}`, payload: { ...vehicleFields(), version: "1" } },
    ],
  },
  "DELETE /api/vehicle/:landingId/:vehicleId": {
    call: async (a) => {
      const spare = await createVehicleFor(app, a.owner, a.landing.id, await photos(1, 32, 24), {
        name: `Old ${a.tag}`,
      });
      return { url: `/api/vehicle/${a.landing.id}/${spare.id}` };
    },
    ok: 200,
    mixed: (a, b) => [{ url: `/api/vehicle/${b.landing.id}/${a.vehicle.id}` }],
  },
  "DELETE /api/vehicle/:id": {
    call: async (a) => {
      const spare = await createVehicleFor(app, a.owner, a.landing.id, await photos(1, 32, 24), {
        name: `Old ${a.tag}`,
      });
      return { url: `/api/vehicle/${spare.id}` };
    },
    ok: 200,
    mixed: (a) => [{ url: `/api/vehicle/${a.vehicle.id}` }],
  },
  "POST /api/vehicles/:landingId/:id/images": {
    call: async (a) => ({
      ...(await form({
        "images[0]": (await photos(1, 32, 24))[0] as { data: Buffer; filename: string; type: string },
      })),
      url: `/api/vehicles/${a.landing.id}/${a.vehicle.id}/images`,
    }),
    ok: 200,
  },
  "DELETE /api/vehicles/:landingId/:id/images/:imageId": {
    call: async (a) => {
      const [first] = await imageIdsOf(a.vehicle.id);
      return { url: `/api/vehicles/${a.landing.id}/${a.vehicle.id}/images/${first}` };
    },
    ok: 200,
    mixed: (a, b) => [{ url: `/api/vehicles/${b.landing.id}/${b.vehicle.id}/images/${a.vehicle.images[1]?.id}` }],
  },
  "PUT /api/vehicles/:landingId/:id/images/order": {
    call: async (a) => ({
      url: `/api/vehicles/${a.landing.id}/${a.vehicle.id}/images/order`,
      payload: { image_ids: (await imageIdsOf(a.vehicle.id)).reverse() },
    }),
    ok: 200,
    mixed: (a, b) => [
      {
        url: `/api/vehicles/${b.landing.id}/${b.vehicle.id}/images/order`,
        payload: { image_ids: a.vehicle.images.map((image) => image.id) },
      },
    ],
    // A's photo ids on B's vehicle: the same 422 as ids that exist nowhere.
    mixedStatus: [422],
  },
  "PUT /api/vehicles/:landingId/:id/rules": {
    call: async (a) => ({
      url: `/api/vehicles/${a.landing.id}/${a.vehicle.id}/rules`,
      payload: { version: await versionOfVehicle(a.vehicle.id), deposit: "120" },
    }),
    ok: 200,
    mixed: (a, b) => [{ url: `/api/vehicles/${b.landing.id}/${a.vehicle.id}/rules`, payload: { version: 1 } }],
  },
  "GET /api/vehicles/:landingId/:id/blocks": {
    call: (a) => ({ url: `/api/vehicles/${a.landing.id}/${a.vehicle.id}/blocks` }),
    ok: 200,
    mixed: (a, b) => [{ url: `/api/vehicles/${b.landing.id}/${a.vehicle.id}/blocks` }],
  },
  "POST /api/vehicles/:landingId/:id/blocks": {
    call: (a) => ({
      url: `/api/vehicles/${a.landing.id}/${a.vehicle.id}/blocks`,
      payload: { from: onAHundredDays(260), to: onAHundredDays(261), units: 1, note: `More ${a.tag}` },
    }),
    ok: 201,
    mixed: (a, b) => [
      {
        url: `/api/vehicles/${b.landing.id}/${a.vehicle.id}/blocks`,
        payload: { from: onAHundredDays(260), to: onAHundredDays(261), units: 1 },
      },
    ],
  },
  "DELETE /api/vehicles/:landingId/:id/blocks/:blockId": {
    call: async (a) => {
      const spare = await ok<{ block: { id: number } }>(
        send(a.owner, "POST", `/api/vehicles/${a.landing.id}/${a.vehicle.id}/blocks`, {
          from: onAHundredDays(270),
          to: onAHundredDays(270),
          units: 1,
        }),
        201,
      );
      return { url: `/api/vehicles/${a.landing.id}/${a.vehicle.id}/blocks/${spare.block.id}` };
    },
    ok: 200,
    mixed: (a, b) => [{ url: `/api/vehicles/${b.landing.id}/${b.vehicle.id}/blocks/${a.block.id}` }],
  },

  // Special features
  "GET /api/special-features": {
    call: () => ({ url: "/api/special-features" }),
    ok: 200,
    own: {
      check: (response, _a, b) => {
        expect(response.statusCode).toBe(200);
        expect(idsIn(response.json())).toContain(b.feature.id);
      },
    },
  },
  "POST /api/special-features": {
    call: (a) => ({
      url: "/api/special-features",
      payload: { name: `Own ${a.tag} ${randomUUID().slice(0, 4)}`, description: "x" },
    }),
    ok: 201,
    // B may name a feature as A named theirs: names are unique per owner, and "taken" would leak A's.
    own: {
      echoes: true,
      call: (a) => ({ url: "/api/special-features", payload: { name: `Feature ${a.tag}`, description: "Mine" } }),
      check: async (response, a, b) => {
        expect(response.statusCode, response.body).toBe(201);
        const [stored] = await db
          .select()
          .from(specialFeatures)
          .where(eq(specialFeatures.id, response.json().feature.id));
        expect(stored?.ownerId).toBe(b.owner.id);
        // Remove it again so B's second call (the browser one) is judged the same way.
        await ok(send(b.owner, "DELETE", `/api/special-features/${stored?.id}`));
        expect(a.feature.name).toBe(`Feature ${a.tag}`);
      },
    },
  },
  "PATCH /api/special-features/:id": {
    call: async (a) => {
      const spare = await spareFeature(a);
      return {
        url: `/api/special-features/${spare.id}`,
        payload: { name: `${spare.name} 2`, description: "Renamed", previous: spare },
      };
    },
    ok: 200,
    mixed: (a) => [
      {
        url: `/api/special-features/${a.feature.id}`,
        payload: { name: "Taken over", description: "x", previous: { name: a.feature.name, description: "x" } },
      },
    ],
  },
  "DELETE /api/special-features/:id": {
    call: async (a) => ({ url: `/api/special-features/${(await spareFeature(a)).id}` }),
    ok: 200,
    mixed: (a) => [{ url: `/api/special-features/${a.feature.id}` }],
  },
  "POST /api/vehicles/:vehicleId/special-features": {
    call: async (a) => ({
      url: `/api/vehicles/${a.vehicle.id}/special-features`,
      payload: { special_feature_id: (await spareFeature(a)).id },
    }),
    ok: 200,
    mixed: (a, b) => [
      { url: `/api/vehicles/${a.vehicle.id}/special-features`, payload: { special_feature_id: b.feature.id } },
      { url: `/api/vehicles/${b.vehicle.id}/special-features`, payload: { special_feature_id: a.feature.id } },
    ],
  },
  "DELETE /api/vehicles/:vehicleId/special-features/:featureId": {
    call: async (a) => {
      const spare = await spareFeature(a);
      await ok(
        send(a.owner, "POST", `/api/vehicles/${a.vehicle.id}/special-features`, { special_feature_id: spare.id }),
      );
      return { url: `/api/vehicles/${a.vehicle.id}/special-features/${spare.id}` };
    },
    ok: 200,
    mixed: (a, b) => [
      { url: `/api/vehicles/${a.vehicle.id}/special-features/${a.feature.id}` },
      { url: `/api/vehicles/${b.vehicle.id}/special-features/${a.feature.id}` },
    ],
  },
  "POST /api/special-feature/:vehicleId": {
    call: (a) => ({
      url: `/api/special-feature/${a.vehicle.id}`,
      payload: { features: [{ name: `Feature ${a.tag}` }] },
    }),
    ok: 200,
    mixed: (a, b) => [
      { url: `/api/special-feature/${b.vehicle.id}`, payload: { features: [{ name: `Feature ${a.tag}` }] } },
    ],
    // A's feature's name on B's own vehicle finds no feature of B's by that name: the same 422 as a
    // name nobody uses, and A's feature is never attached (its vehicle links are in the snapshot).
    mixedStatus: [422],
  },

  // Locations
  "GET /api/landings/:landingId/locations": {
    call: (a) => ({ url: `/api/landings/${a.landing.id}/locations` }),
    ok: 200,
  },
  "POST /api/landings/:landingId/addLocation": {
    call: (a) => ({
      url: `/api/landings/${a.landing.id}/addLocation`,
      payload: { place_of_departure: `Extra ${a.tag}`, arrival_place: `Extra ${a.tag}` },
    }),
    ok: 201,
  },
  "DELETE /api/landing/:landingId/locations": {
    call: async (a) => {
      const spare = await addLocationFor(app, a.owner, a.landing.id, `Gone ${a.tag}`);
      return { url: `/api/landing/${a.landing.id}/locations`, payload: { location_id: spare.id } };
    },
    ok: 200,
    mixed: (a, b) => [
      { url: `/api/landing/${b.landing.id}/locations`, payload: { location_id: a.pickup.id } },
      { url: `/api/landing/${b.landing.id}/locations?location_id=${a.dropoff.id}` },
    ],
  },
  "PATCH /api/landing/:landingId/locations/:locationId": {
    call: (a) => ({ url: `/api/landing/${a.landing.id}/locations/${a.pickup.id}`, payload: { one_way_fee: "20" } }),
    ok: 200,
    mixed: (a, b) => [{ url: `/api/landing/${b.landing.id}/locations/${a.pickup.id}`, payload: { one_way_fee: "1" } }],
  },
  "GET /api/landings/:landingId/places": { call: (a) => ({ url: `/api/landings/${a.landing.id}/places` }), ok: 200 },
  "PUT /api/landings/:landingId/places": {
    call: (a) => ({
      url: `/api/landings/${a.landing.id}/places`,
      payload: { place: a.dropoff.place, hours: WEEK, after_hours_fee: "" },
    }),
    ok: 200,
    mixed: (a, b) => [{ url: `/api/landings/${b.landing.id}/places`, payload: { place: a.pickup.place, hours: null } }],
    // A's place on B's landing: the same 422 as a place nobody offers.
    mixedStatus: [422],
  },
  "PATCH /api/landings/:landingId/places": {
    // Renamed to its own name: A's other routes go on finding the place as it was.
    call: (a) => ({
      url: `/api/landings/${a.landing.id}/places`,
      payload: { place: a.dropoff.place, new_name: a.dropoff.place },
    }),
    ok: 200,
    mixed: (a, b) => [
      { url: `/api/landings/${b.landing.id}/places`, payload: { place: a.pickup.place, new_name: `Taken ${a.tag}` } },
    ],
    // A's place on B's landing: the same 422 as a place nobody offers.
    mixedStatus: [422],
  },

  // Reservations
  "GET /api/reservations/user/:userId": {
    call: (a) => ({ url: `/api/reservations/user/${a.owner.id}` }),
    ok: 200,
    view: {
      call: (_a, b) => ({ url: `/api/reservations/user/${b.owner.id}` }),
      check: (response, _a, b) => {
        expect(response.statusCode).toBe(200);
        const groups = response.json().groups as { landing: { id: number } }[];
        expect(groups.map((group) => group.landing.id)).toEqual([b.landing.id]);
      },
    },
  },
  "GET /api/reservations/summary": {
    call: () => ({ url: "/api/reservations/summary" }),
    ok: 200,
    own: {
      check: async (response, _a, b) => {
        expect(response.statusCode).toBe(200);
        const [counts] = await db
          .select({
            total: sql<number>`count(*)::int`,
            pending: sql<number>`(count(*) filter (where status = 'pending'))::int`,
          })
          .from(reservations)
          .where(eq(reservations.ownerId, b.owner.id));
        expect(response.json()).toEqual(counts);
      },
    },
  },
  "GET /api/reservations/:landingId": { call: (a) => ({ url: `/api/reservations/${a.landing.id}` }), ok: 200 },
  "GET /api/reservations/:landingId/export.csv": {
    call: (a) => ({ url: `/api/reservations/${a.landing.id}/export.csv` }),
    ok: 200,
  },
  "PATCH /api/reservations/:id/status": {
    call: async (a) => ({ url: `/api/reservations/${(await book(a)).id}/status`, payload: { status: "confirmed" } }),
    ok: 200,
    mixed: (a) => [
      { url: `/api/reservations/${a.reservation.id}/status`, payload: { status: "cancelled" } },
      { url: `/api/reservations/${a.manual.id}/status`, payload: { status: "completed" } },
    ],
  },
  "POST /api/reservations/:id/refunds": {
    call: async (a) => ({
      url: `/api/reservations/${(await paidWithHold(a)).id}/refunds`,
      payload: { amount: "10", reason: "Cortesía", refundable_cents: 100_00 },
    }),
    ok: 200,
    mixed: (a) => [
      {
        url: `/api/reservations/${a.reservation.id}/refunds`,
        payload: { amount: "1", reason: "Otro", refundable_cents: 0 },
      },
    ],
  },
  "POST /api/reservations/:id/deposit/capture": {
    call: async (a) => ({
      url: `/api/reservations/${(await paidWithHold(a)).id}/deposit/capture`,
      payload: { amount: "20", reason: "Daños", held_cents: 50_00 },
    }),
    ok: 200,
    mixed: (a) => [
      {
        url: `/api/reservations/${a.reservation.id}/deposit/capture`,
        payload: { amount: "1", reason: "Otro", held_cents: 0 },
      },
    ],
  },
  "POST /api/reservations/:id/deposit/release": {
    call: async (a) => ({
      url: `/api/reservations/${(await paidWithHold(a)).id}/deposit/release`,
      payload: { held_cents: 50_00 },
    }),
    ok: 200,
    mixed: (a) => [{ url: `/api/reservations/${a.reservation.id}/deposit/release`, payload: { held_cents: 0 } }],
  },
  "PUT /api/reservations/:id": {
    call: async (a) => {
      const booked = await bookByHand(a);
      return { url: `/api/reservations/${booked.id}`, payload: { ...manualPayload(a), version: 1 } };
    },
    ok: 200,
    mixed: (a, b) => [
      { url: `/api/reservations/${a.reservation.id}`, payload: { ...manualPayload(b), version: 1 } },
      { url: `/api/reservations/${a.manual.id}`, payload: { ...manualPayload(a), version: 1 } },
    ],
  },
  "POST /api/reservations/:id/quote": {
    call: (a) => {
      const { name, last_name, phone, description, number_person, number_bag, ...quote } = manualPayload(a);
      return { url: `/api/reservations/${a.reservation.id}/quote`, payload: quote };
    },
    ok: 200,
    storesNothing: true,
    mixed: (a) => {
      const { name, last_name, phone, description, number_person, number_bag, ...quote } = manualPayload(a);
      return [{ url: `/api/reservations/${a.manual.id}/quote`, payload: quote }];
    },
  },
  "GET /api/reservations/:id/changes": {
    call: (a) => ({ url: `/api/reservations/${a.reservation.id}/changes` }),
    ok: 200,
    mixed: (a) => [{ url: `/api/reservations/${a.manual.id}/changes` }],
  },
  "DELETE /api/reservations/:id": {
    call: async (a) => ({ url: `/api/reservations/${(await bookByHand(a)).id}` }),
    ok: 200,
    mixed: (a) => [{ url: `/api/reservations/${a.reservation.id}` }, { url: `/api/reservations/${a.manual.id}` }],
  },

  // The counter (issue 28)
  "GET /api/reservations/:id/counter": {
    call: (a) => ({ url: `/api/reservations/${a.manual.id}/counter` }),
    ok: 200,
    mixed: (a) => [{ url: `/api/reservations/${a.reservation.id}/counter` }],
  },
  "POST /api/reservations/:id/check-out": {
    call: async (a) => ({ url: `/api/reservations/${(await pickedUpToday(a)).id}/check-out`, payload: CHECK_OUT }),
    ok: 200,
    mixed: (a) => [{ url: `/api/reservations/${a.manual.id}/check-out`, payload: CHECK_OUT }],
  },
  "POST /api/reservations/:id/check-in": {
    call: async (a) => {
      const booked = await pickedUpToday(a);
      await ok(send(a.owner, "POST", `/api/reservations/${booked.id}/check-out`, CHECK_OUT));
      return { url: `/api/reservations/${booked.id}/check-in`, payload: { odometer_km: 1_250, fuel_eighths: 7 } };
    },
    ok: 200,
    mixed: (a) => [
      { url: `/api/reservations/${a.manual.id}/check-in`, payload: { odometer_km: 1_250, fuel_eighths: 7 } },
    ],
  },

  "POST /api/reservations/:id/payments": {
    call: async (a) => {
      const booked = await bookByHand(a);
      return {
        url: `/api/reservations/${booked.id}/payments`,
        payload: { method: "card", amount: "5", outstanding_cents: booked.total_cents },
      };
    },
    ok: 200,
    mixed: (a) => [
      {
        url: `/api/reservations/${a.manual.id}/payments`,
        payload: { method: "cash", amount: "1", outstanding_cents: 0 },
      },
    ],
  },
  "POST /api/reservations/:id/payments/refunds": {
    call: async (a) => ({
      url: `/api/reservations/${(await paidInCash(a)).id}/payments/refunds`,
      payload: { method: "transfer", amount: "10", refundable_cents: 10_00 },
    }),
    ok: 200,
    mixed: (a) => [
      {
        url: `/api/reservations/${a.manual.id}/payments/refunds`,
        payload: { method: "cash", amount: "1", refundable_cents: 0 },
      },
    ],
  },
  "DELETE /api/reservations/:id/payments/:paymentId": {
    call: async (a) => {
      const paid = await paidInCash(a);
      return { url: `/api/reservations/${paid.id}/payments/${paid.paymentId}` };
    },
    ok: 200,
    mixed: (a) => [{ url: `/api/reservations/${a.manual.id}/payments/1` }],
  },

  "GET /api/reservations/:id/agreement/draft": {
    call: async (a) => ({ url: `/api/reservations/${(await onRentToday(a)).id}/agreement/draft` }),
    ok: 200,
    mixed: (a) => [{ url: `/api/reservations/${a.manual.id}/agreement/draft` }],
  },
  "POST /api/reservations/:id/agreements": {
    call: async (a) => ({
      url: `/api/reservations/${(await onRentToday(a)).id}/agreements`,
      payload: { signer_name: "Luis Matrix", signature: SIGNATURE },
    }),
    ok: 201,
    mixed: (a) => [
      { url: `/api/reservations/${a.manual.id}/agreements`, payload: { signer_name: "Luis", signature: SIGNATURE } },
    ],
  },
  "GET /api/reservations/:id/agreements/:version/pdf": {
    call: async (a) => {
      const booked = await onRentToday(a);
      await ok(
        send(a.owner, "POST", `/api/reservations/${booked.id}/agreements`, {
          signer_name: "Luis Matrix",
          signature: SIGNATURE,
        }),
        201,
      );
      return { url: `/api/reservations/${booked.id}/agreements/1/pdf` };
    },
    ok: 200,
    mixed: (a) => [{ url: `/api/reservations/${a.manual.id}/agreements/1/pdf` }],
  },
  "POST /api/reservations/:id/photos": {
    call: async (a) => ({
      ...(await form({
        kind: "licence",
        photo: (await photos(1, 32, 24))[0] as { data: Buffer; filename: string; type: string },
      })),
      url: `/api/reservations/${(await pickedUpToday(a)).id}/photos`,
    }),
    ok: 201,
    mixed: (a) => [{ url: `/api/reservations/${a.manual.id}/photos`, payload: { kind: "licence" } }],
  },
  "GET /api/reservations/:id/photos/:photoId": {
    call: async (a) => {
      const booked = await pickedUpToday(a);
      const upload = await form({
        kind: "damage",
        photo: (await photos(1, 32, 24))[0] as { data: Buffer; filename: string; type: string },
      });
      const added = await app.inject({
        method: "POST",
        url: `/api/reservations/${booked.id}/photos`,
        payload: upload.payload,
        headers: { ...bearer(a.owner), ...upload.headers },
      });
      expect(added.statusCode, added.body).toBe(201);
      return { url: added.json().photo.url };
    },
    ok: 200,
    mixed: (a) => [{ url: `/api/reservations/${a.manual.id}/photos/1` }],
  },
  "GET /api/reservations/:id/invoice/pdf": {
    call: async (a) => {
      const booked = await onRentToday(a);
      await ok(
        send(a.owner, "POST", `/api/reservations/${booked.id}/check-in`, { odometer_km: 1_250, fuel_eighths: 8 }),
      );
      return { url: `/api/reservations/${booked.id}/invoice/pdf` };
    },
    ok: 200,
    mixed: (a) => [{ url: `/api/reservations/${a.manual.id}/invoice/pdf` }],
  },

  "PUT /api/reservations/:id/check-in": {
    call: async (a) => {
      const booked = await onRentToday(a);
      const back = { odometer_km: 1_250, fuel_eighths: 8, damages: [{ reason: "Retrovisor", amount: "50" }] };
      await ok(send(a.owner, "POST", `/api/reservations/${booked.id}/check-in`, back));
      return { url: `/api/reservations/${booked.id}/check-in`, payload: { ...back, odometer_km: 1_200 } };
    },
    ok: 200,
    mixed: (a) => [
      { url: `/api/reservations/${a.manual.id}/check-in`, payload: { odometer_km: 1_250, fuel_eighths: 7 } },
    ],
  },

  "POST /api/reservations/:id/charges/acceptance": {
    call: async (a) => {
      const booked = await onRentToday(a);
      const back = await ok<{ counter: { check_in: { charges_total_cents: number } } }>(
        send(a.owner, "POST", `/api/reservations/${booked.id}/check-in`, {
          odometer_km: 1_250,
          fuel_eighths: 8,
          damages: [{ reason: "Retrovisor", amount: "50" }],
        }),
      );
      return {
        url: `/api/reservations/${booked.id}/charges/acceptance`,
        payload: {
          signer_name: "Luis Matrix",
          signature: SIGNATURE,
          charges_total_cents: back.counter.check_in.charges_total_cents,
        },
      };
    },
    ok: 200,
    mixed: (a) => [
      {
        url: `/api/reservations/${a.manual.id}/charges/acceptance`,
        payload: { signer_name: "Luis", signature: SIGNATURE, charges_total_cents: 0 },
      },
    ],
  },

  // Customers (issue 28.7)
  "GET /api/customers": {
    call: () => ({ url: "/api/customers" }),
    ok: 200,
    own: {
      check: async (response, _a, b) => {
        expect(response.statusCode).toBe(200);
        const mine = (
          await db.select({ id: customers.id }).from(customers).where(eq(customers.ownerId, b.owner.id))
        ).map((row) => row.id);
        const listed = idsIn(response.json().customers);
        expect(listed).toContain(b.customer);
        for (const id of listed) expect(mine).toContain(id);
        expect(response.json().total).toBe(mine.length);
      },
    },
  },
  "GET /api/customers/:id": {
    call: (a) => ({ url: `/api/customers/${a.customer}` }),
    ok: 200,
  },
  "PUT /api/customers/:id/notes": {
    call: async (a) => ({
      url: `/api/customers/${a.customer}/notes`,
      payload: { notes: `Noted ${a.tag} ${randomUUID().slice(0, 4)}`, version: await versionOfCustomer(a.customer) },
    }),
    ok: 200,
    mixed: (a, b) => [{ url: `/api/customers/${a.customer}/notes`, payload: { notes: `B ${b.tag}`, version: 1 } }],
  },
  "PUT /api/customers/:id/do-not-rent": {
    call: async (a) => {
      const id = await spareCustomer(a);
      return {
        url: `/api/customers/${id}/do-not-rent`,
        payload: { do_not_rent: true, reason: `Flagged ${a.tag}`, version: await versionOfCustomer(id) },
      };
    },
    ok: 200,
    mixed: (a) => [{ url: `/api/customers/${a.customer}/do-not-rent`, payload: { do_not_rent: true, version: 1 } }],
  },
  "GET /api/customers/:id/export": {
    call: (a) => ({ url: `/api/customers/${a.customer}/export` }),
    ok: 200,
  },
  "POST /api/customers/:id/erase": {
    call: async (a) => ({ url: `/api/customers/${await spareCustomer(a, true)}/erase` }),
    ok: 200,
    mixed: (a) => [{ url: `/api/customers/${a.customer}/erase` }],
  },

  // Planner and desk
  "GET /api/planner/reservations/:id": {
    call: (a) => ({ url: `/api/planner/reservations/${a.reservation.id}` }),
    ok: 200,
    mixed: (a) => [{ url: `/api/planner/reservations/${a.manual.id}` }],
  },
  "PATCH /api/planner/reservations/:id/unit": {
    call: (a) => ({ url: `/api/planner/reservations/${a.reservation.id}/unit`, payload: { unit: 2 } }),
    ok: 200,
    mixed: (a) => [{ url: `/api/planner/reservations/${a.manual.id}/unit`, payload: { unit: null } }],
  },
  "GET /api/planner/:landingId": {
    call: (a) => ({ url: `/api/planner/${a.landing.id}?from=${onAHundredDays(0)}&days=31` }),
    ok: 200,
  },
  "POST /api/landings/:landingId/quote": {
    call: (a) => {
      const { name, last_name, phone, description, number_person, number_bag, ...quote } = manualPayload(a);
      return { url: `/api/landings/${a.landing.id}/quote`, payload: quote };
    },
    ok: 200,
    storesNothing: true,
    mixed: (a, b) => {
      const { name, last_name, phone, description, number_person, number_bag, ...quote } = manualPayload(a);
      return [{ url: `/api/landings/${b.landing.id}/quote`, payload: quote }];
    },
  },
  "POST /api/landings/:landingId/reservations": {
    call: (a) => ({ url: `/api/landings/${a.landing.id}/reservations`, payload: manualPayload(a) }),
    ok: 201,
    // B's own landing with A's vehicle: no reservation on A's vehicle may come of it (the snapshot
    // holds every reservation of A's vehicles, whoever owns it).
    mixed: (a, b) => [{ url: `/api/landings/${b.landing.id}/reservations`, payload: manualPayload(a) }],
  },

  // Insights
  ...Object.fromEntries(
    (["summary", "charts", "funnel"] as const).map((figure) => [
      `GET /api/insights/${figure}`,
      {
        call: (a: Side) => ({ url: `/api/insights/${figure}?landing=${a.landing.id}` }),
        ok: 200,
        view: {
          call: () => ({ url: `/api/insights/${figure}` }),
          check: async (response: LightMyRequestResponse, _a: Side, b: Side) => {
            expect(response.statusCode).toBe(200);
            const mine = await landingIdsOf(b.owner.id);
            for (const id of JSON.stringify(response.json()).match(/"(?:id|landing_id|landingId)":\d+/g) ?? []) {
              expect(mine, `${figure}: ${id}`).toContain(Number(id.split(":")[1]));
            }
          },
        },
      } satisfies Entry,
    ]),
  ),

  // Calendar feed
  "GET /api/landings/:landingId/calendar": {
    call: (a) => ({ url: `/api/landings/${a.landing.id}/calendar` }),
    ok: 200,
  },
  "POST /api/landings/:landingId/calendar/regenerate": {
    call: (a) => ({ url: `/api/landings/${a.landing.id}/calendar/regenerate` }),
    ok: 200,
  },

  // A stream that never ends by itself; light-my-request would wait for it forever.
  "GET /api/live": {
    skip: "server/live/live.test.ts 'streams a new booking to its owner's dashboards only' opens A's and B's streams and proves B's receives none of A's bookings",
  },
};

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const ownerRoutes = app.routeTable.filter((route) => route.access === "owner" && route.method !== "HEAD");
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Everything of A's that another owner's call could touch, read straight from the tables: A's
 * account and sessions, landings and all that hangs from them (also rows someone else might have
 * attached to A's landings or vehicles), and whether each stored file is still there.
 */
async function snapshotOf(ownerId: number) {
  const within = <T>(column: Parameters<typeof inArray>[0], ids: T[]): SQL =>
    ids.length > 0 ? inArray(column, ids) : sql`false`;
  const user = await db.select().from(users).where(eq(users.id, ownerId));
  const sessionRows = await db
    .select({ id: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.userId, ownerId))
    .orderBy(asc(sessions.id));
  const landingRows = await db.select().from(landings).where(eq(landings.ownerId, ownerId)).orderBy(asc(landings.id));
  const landingIds = landingRows.map((row) => row.id);
  const vehicleRows = await db
    .select()
    .from(vehicles)
    .where(within(vehicles.landingId, landingIds))
    .orderBy(asc(vehicles.id));
  const vehicleIds = vehicleRows.map((row) => row.id);
  const featureRows = await db
    .select()
    .from(specialFeatures)
    .where(eq(specialFeatures.ownerId, ownerId))
    .orderBy(asc(specialFeatures.id));
  const reservationRows = await db
    .select()
    .from(reservations)
    .where(
      or(
        eq(reservations.ownerId, ownerId),
        within(reservations.landingId, landingIds),
        within(reservations.vehicleId, vehicleIds),
      ),
    )
    .orderBy(asc(reservations.id));
  const reservationIds = reservationRows.map((row) => row.id);
  const customerRows = await db
    .select()
    .from(customers)
    .where(eq(customers.ownerId, ownerId))
    .orderBy(asc(customers.id));
  const rows = {
    user,
    customers: customerRows,
    customerContacts: await db
      .select()
      .from(customerContacts)
      .where(
        or(
          eq(customerContacts.ownerId, ownerId),
          within(
            customerContacts.customerId,
            customerRows.map((row) => row.id),
          ),
        ),
      )
      .orderBy(asc(customerContacts.kind), asc(customerContacts.value)),
    sessions: sessionRows,
    landings: landingRows,
    addons: await db
      .select()
      .from(landingAddons)
      .where(within(landingAddons.landingId, landingIds))
      .orderBy(asc(landingAddons.id)),
    vehicles: vehicleRows,
    images: await db
      .select()
      .from(vehicleImages)
      .where(within(vehicleImages.vehicleId, vehicleIds))
      .orderBy(asc(vehicleImages.id)),
    features: featureRows,
    vehicleFeatures: await db
      .select()
      .from(vehicleSpecialFeatures)
      .where(
        or(
          within(vehicleSpecialFeatures.vehicleId, vehicleIds),
          within(
            vehicleSpecialFeatures.specialFeatureId,
            featureRows.map((row) => row.id),
          ),
        ),
      )
      .orderBy(asc(vehicleSpecialFeatures.vehicleId), asc(vehicleSpecialFeatures.specialFeatureId)),
    locations: await db
      .select()
      .from(locations)
      .where(within(locations.landingId, landingIds))
      .orderBy(asc(locations.id)),
    places: await db
      .select()
      .from(placeRules)
      .where(within(placeRules.landingId, landingIds))
      .orderBy(asc(placeRules.id)),
    blocks: await db
      .select()
      .from(vehicleBlocks)
      .where(within(vehicleBlocks.vehicleId, vehicleIds))
      .orderBy(asc(vehicleBlocks.id)),
    reservations: reservationRows,
    reservationAddons: await db
      .select()
      .from(reservationAddons)
      .where(within(reservationAddons.reservationId, reservationIds))
      .orderBy(asc(reservationAddons.id)),
    outbox: await db.select().from(outbox).where(within(outbox.reservationId, reservationIds)).orderBy(asc(outbox.id)),
    handovers: await db
      .select()
      .from(rentalHandovers)
      .where(within(rentalHandovers.reservationId, reservationIds))
      .orderBy(asc(rentalHandovers.id)),
    invoices: await db
      .select()
      .from(invoices)
      .where(within(invoices.reservationId, reservationIds))
      .orderBy(asc(invoices.id)),
    photos: await db
      .select()
      .from(rentalPhotos)
      .where(within(rentalPhotos.reservationId, reservationIds))
      .orderBy(asc(rentalPhotos.id)),
    agreements: await db
      .select()
      .from(rentalAgreements)
      .where(within(rentalAgreements.reservationId, reservationIds))
      .orderBy(asc(rentalAgreements.id)),
    payments: await db
      .select()
      .from(landingPayments)
      .where(within(landingPayments.landingId, landingIds))
      .orderBy(asc(landingPayments.landingId)),
    ledger: await db.select().from(payments).where(within(payments.landingId, landingIds)).orderBy(asc(payments.id)),
    calendarFeeds: await db
      .select()
      .from(calendarFeeds)
      .where(within(calendarFeeds.landingId, landingIds))
      .orderBy(asc(calendarFeeds.landingId)),
    pageViews: await db
      .select()
      .from(pageViews)
      .where(within(pageViews.landingId, landingIds))
      .orderBy(asc(pageViews.landingId), asc(pageViews.day), asc(pageViews.page)),
  };
  const files = [
    ...new Set(JSON.stringify(rows).match(/(?:[a-z-]+\/)+[\w-]{16}\.(?:webp|png|jpg|ico|pdf)/g) ?? []),
  ].sort();
  const present = Object.fromEntries(files.map((file) => [file, fs.existsSync(path.join(storage.root, file))]));
  return { rows, files: present };
}

const A = await dataSet("a");
const B = await dataSet("b");
/** Nothing B is answered may name anything of A's: every text of A's carries A's tag. */
const markersOfA = [
  A.tag,
  A.owner.token,
  A.reservation.reference,
  A.manual.reference,
  A.feedUrl.split("/").pop() ?? "",
];
const expectNothingOfA = (response: LightMyRequestResponse, label: string) => {
  const body = response.body.toLowerCase();
  for (const marker of markersOfA)
    expect(body, `${label} answered something of A's: ${response.body}`).not.toContain(marker.toLowerCase());
};
const csrfMessage = translate("en", "csrfMismatch");
let calls = 0;

const inject = (method: Method, call: Call, headers: Record<string, string>) => {
  calls += 1;
  const payload = call.payload as string | object | Buffer | undefined;
  return app.inject({ method, url: call.url, payload, headers: { ...call.headers, ...headers } });
};

describe("tenant isolation and CSRF matrix, from the server's own route table (issue 13.1, 13.2)", () => {
  it("has an entry for every owner route, and none for a route that is gone", () => {
    const missing = ownerRoutes.map(key).filter((route) => !(route in MATRIX));
    expect(missing, "owner routes without a matrix entry: decide how another owner calls them").toEqual([]);
    const stale = Object.keys(MATRIX).filter((route) => !ownerRoutes.some((owner) => key(owner) === route));
    expect(stale, "matrix entries of routes the server no longer has").toEqual([]);
    expect(ownerRoutes.length).toBeGreaterThan(50);
  });

  for (const route of ownerRoutes) {
    const label = key(route);
    const entry = MATRIX[label];
    if (!entry || "skip" in entry) continue;
    const method = route.method as Method;
    const unsafe = UNSAFE.has(method);

    it(`${label}: B ${entry.own ? "gets only its own data" : "is refused"}, no session is 401${unsafe ? ", no CSRF header is 403" : ""}, nothing of A's changes; A's own call succeeds`, async () => {
      const session = async (owner: Owner) => (entry.freshSessions ? signIn(app, owner) : owner);
      const call = await entry.call(A);
      // A's sessions are part of the snapshot: the ones this test uses exist before it is taken.
      const [refusedSession, ownSession] = [await session(A.owner), await session(A.owner)];
      const before = await snapshotOf(A.owner.id);

      const anonymous = await inject(method, call, {});
      expect(anonymous.statusCode, `${label} without a session: ${anonymous.body}`).toBe(401);

      for (const [how, headers] of [
        ["bearer", bearer(await session(B.owner))],
        ["browser", browser(await session(B.owner))],
      ] as const) {
        const own = entry.own;
        const answer = await inject(method, own?.call ? await own.call(A, B) : call, headers);
        if (own) await own.check(answer, A, B);
        else
          expect([403, 404], `B (${how}) on ${label}: ${answer.statusCode} ${answer.body}`).toContain(
            answer.statusCode,
          );
        if (!own?.echoes) expectNothingOfA(answer, `B (${how}) on ${label}`);
      }
      for (const mixed of entry.mixed?.(A, B) ?? []) {
        const answer = await inject(method, mixed, bearer(B.owner));
        const allowed = entry.mixedStatus ?? [403, 404];

        expect(allowed, `B on ${method} ${mixed.url}: ${answer.statusCode} ${answer.body}`).toContain(
          answer.statusCode,
        );
        expectNothingOfA(answer, `B on ${method} ${mixed.url}`);
      }
      if (entry.view) {
        const answer = await inject(method, await entry.view.call(A, B), bearer(B.owner));
        await entry.view.check(answer, A, B);
        expectNothingOfA(answer, `B's own view of ${label}`);
      }

      if (unsafe) {
        // A's own browser, session cookie and XSRF cookie sent as a cross-site form would send them.
        const { cookie } = browser(refusedSession);
        for (const headers of [{ cookie }, { cookie, "x-xsrf-token": "guessed-token" }] as Record<string, string>[]) {
          const refused = await inject(method, call, headers);
          expect(
            refused.statusCode,
            `A's cookie session on ${label} with ${JSON.stringify(Object.keys(headers))}: ${refused.body}`,
          ).toBe(403);
          expect(refused.json()).toEqual({ message: csrfMessage });
        }
      }

      expect(await snapshotOf(A.owner.id), `${label} changed A's data`).toEqual(before);

      // The same call by A (with the CSRF header from a browser) succeeds: the refusals were not a
      // bad payload or a wrong URL in disguise.
      const headers = unsafe ? browser(ownSession) : bearer(ownSession);
      const done = await inject(method, call, headers);
      expect(done.statusCode, `A's own ${label}: ${done.body}`).toBe(entry.ok);
      if (unsafe && !entry.storesNothing) {
        expect(await snapshotOf(A.owner.id), `A's own ${label} should have stored something`).not.toEqual(before);
      }
    });
  }

  it("covered every owner route but the ones it says why", () => {
    const skipped = Object.entries(MATRIX).filter(([, entry]) => "skip" in entry);
    expect(skipped.map(([route]) => route)).toEqual(["GET /api/live"]);
    console.info(
      `tenant matrix: ${ownerRoutes.length} owner routes, ${ownerRoutes.length - skipped.length} called, ${calls} calls`,
    );
  });
});
