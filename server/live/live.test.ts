import http, { type IncomingMessage } from "node:http";
import { translate } from "@domain/messages";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { App } from "../app";
import { LISTENER_APPLICATION_NAME } from "../db/listen";
import { sessions } from "../db/schema";
import { createTestApp } from "../test/app";
import { bearer, bookingPayload, createBookableLanding, type Owner, signUp } from "../test/factories";

const onPostgres = process.env.NELLY_TEST_DATABASE === "postgres";
const { app, clock, db } = await createTestApp();
/** A second instance on the same database: only PostgreSQL is shared between processes. */
const other = onPostgres ? await createTestApp() : null;
/** An instance the last test closes with a stream still open. */
const closing = await createTestApp();

async function baseUrl(instance: App) {
  if (!instance.server.listening) await instance.listen({ port: 0, host: "127.0.0.1" });
  const address = instance.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  return `http://127.0.0.1:${address.port}`;
}

type Received = { event: string; data: Record<string, unknown> };

/** A GET on its own connection (no keep-alive pool), answered once its headers arrive. */
function get(instance: App, url: string, headers: Record<string, string>) {
  return baseUrl(instance).then(
    (base) =>
      new Promise<IncomingMessage>((resolve, reject) => {
        http.get(`${base}${url}`, { headers, agent: false }, resolve).on("error", reject);
      }),
  );
}

/** An open /api/live stream read as a browser would, collecting its events. */
async function openStream(instance: App, owner: Owner) {
  const response = await get(instance, "/api/live", { ...bearer(owner), "accept-encoding": "gzip, br" });
  const received: Received[] = [];
  let text = "";
  let ended = false;
  response.setEncoding("utf8");
  response.on("data", (chunk: string) => {
    text += chunk;
    let cut = text.indexOf("\n\n");
    while (cut >= 0) {
      const block = text.slice(0, cut);
      text = text.slice(cut + 2);
      const event = block.match(/^event: (.+)$/m)?.[1];
      const data = block.match(/^data: (.+)$/m)?.[1];
      if (event && data) received.push({ event, data: JSON.parse(data) });
      cut = text.indexOf("\n\n");
    }
  });
  response.on("close", () => {
    ended = true;
  });
  return {
    response,
    received,
    ended: () => ended,
    async close() {
      response.destroy();
      await until(() => ended);
    },
  };
}

/** Waits for `check`, running `between` (if any) before each new look. */
async function until(check: () => boolean, ms = 5_000, between?: () => Promise<void>) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, between ? 300 : 20));
    if (between && !check()) await between();
  }
}

async function book(
  instance: App,
  landing: { id: number; vehicle: { id: number } },
  name = "Ana",
  days?: { start: number; length: number },
) {
  const response = await instance.inject({
    method: "POST",
    url: "/api/reservations",
    payload: bookingPayload(landing, clock.now(), { name, last_name: "Pérez" }, days),
  });
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; reference: string };
}

describe("GET /api/live", () => {
  it("streams a new booking to its owner's dashboards only, uncompressed", async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const mine = await openStream(app, owner);
    const theirs = await openStream(app, stranger);
    expect(mine.response.statusCode).toBe(200);
    expect(mine.response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(mine.response.headers["content-encoding"]).toBeUndefined();
    expect(mine.response.headers["cache-control"]).toBe("no-store, no-transform");

    const booked = await book(app, landing);
    await until(() => mine.received.length === 1);
    expect(mine.received).toEqual([
      {
        event: "reservation.created",
        data: {
          reservationId: booked.id,
          reference: booked.reference,
          landingId: landing.id,
          source: "public",
          customerName: "Ana",
        },
      },
    ]);
    // The stranger's stream is open on the same instance; a second booking of theirs arrives there
    // after the first would have, so an empty list before it means the first never came.
    const strangerLanding = await createBookableLanding(app, stranger);
    const theirBooking = await book(app, strangerLanding, "Berta");
    await until(() => theirs.received.length === 1);
    expect(theirs.received.map((r) => r.data.reference)).toEqual([theirBooking.reference]);
    expect(mine.received).toHaveLength(1);
    await mine.close();
    await theirs.close();
  });

  it("streams a customer's own cancellation to the owner, and not the owner's own (issue 25.7)", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const stream = await openStream(app, owner);
    const booked = await book(app, landing, "Carla");
    await until(() => stream.received.length === 1);
    const { customer_token: token } = (
      await app.inject({ method: "GET", url: `/api/reservations/${landing.id}`, headers: bearer(owner) })
    ).json().reservations[0] as { customer_token?: string };
    expect(token).toBeUndefined();
    // The customer's link holds the token: the booking's answer gave it, as the email does.
    const secret = (booked as unknown as { customer_token: string }).customer_token;
    const cancelled = await app.inject({
      method: "POST",
      url: `/api/publicLanding/${landing.name}/reservation/${booked.reference}/cancel?t=${secret}`,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await until(() => stream.received.length === 2);
    expect(stream.received[1]).toEqual({
      event: "reservation.cancelled",
      data: {
        reservationId: booked.id,
        reference: booked.reference,
        landingId: landing.id,
        source: "public",
        customerName: "Carla",
      },
    });
    // The owner's own move is already on their screen: a second booking declined says nothing live.
    const second = await book(app, landing, "Dora");
    await until(() => stream.received.length === 3);
    const declined = await app.inject({
      method: "PATCH",
      url: `/api/reservations/${second.id}/status`,
      payload: { status: "cancelled" },
      headers: bearer(owner),
    });
    expect(declined.statusCode).toBe(200);
    const third = await book(app, landing, "Eva");
    await until(() => stream.received.length === 4);
    expect(stream.received.map((event) => [event.event, event.data.reference])).toEqual([
      ["reservation.created", booked.reference],
      ["reservation.cancelled", booked.reference],
      ["reservation.created", second.reference],
      ["reservation.created", third.reference],
    ]);
    await stream.close();
  });

  it("has no HEAD: a stream nobody reads is never opened", async () => {
    const owner = await signUp(app);
    const response = await app.inject({ method: "HEAD", url: "/api/live", headers: bearer(owner) });
    expect(response.statusCode).toBe(404);
  });

  it("answers 401 without a session", async () => {
    const response = await fetch(`${await baseUrl(app)}/api/live`, {
      headers: { "accept-language": "es", connection: "close" },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: translate("es", "unauthenticated") });
  });

  it("ends the stream when the session expires", async () => {
    const owner = await signUp(app);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(clock.now().getTime() + 300) })
      .where(eq(sessions.userId, owner.id));
    const stream = await openStream(app, owner);
    expect(stream.response.statusCode).toBe(200);
    await until(() => stream.ended(), 3_000);
  });

  it("is not the owner's activity: opening it keeps no session open (issue 25.3)", async () => {
    const owner = await signUp(app);
    const [before] = await db.select().from(sessions).where(eq(sessions.userId, owner.id));
    clock.advance(30 * 60 * 1000);
    const stream = await openStream(app, owner);
    expect(stream.response.statusCode).toBe(200);
    await stream.close();
    const [after] = await db.select().from(sessions).where(eq(sessions.userId, owner.id));
    expect(after?.expiresAt).toEqual(before?.expiresAt);
  });

  it.skipIf(!onPostgres)(
    "listens again after losing its database connection (PostgreSQL only: PGlite has no connection to lose)",
    async () => {
      const owner = await signUp(app);
      const landing = await createBookableLanding(app, owner);
      const stream = await openStream(app, owner);
      await db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
      );
      // Bookings made while it reconnects are not heard; one made after it is. Each of its own
      // days: on a slow machine a third try of the same days found both units taken (409).
      let booked: { reference: string } | null = null;
      let tries = 0;
      await until(
        () => stream.received.length > 0,
        10_000,
        async () => {
          booked = await book(app, landing, "Dora", { start: 10 + 4 * tries++, length: 3 });
        },
      );
      expect(stream.received.at(-1)?.data.reference).toBe((booked as { reference: string } | null)?.reference);
      await stream.close();
    },
  );

  it.skipIf(!onPostgres)(
    "carries a booking made through one instance to a stream open on another (PostgreSQL only: PGlite is one process)",
    async () => {
      if (!other) throw new Error("no second instance");
      const owner = await signUp(app);
      const landing = await createBookableLanding(app, owner);
      const stream = await openStream(other.app, owner);
      const booked = await book(app, landing, "Carla");
      await until(() => stream.received.length === 1);
      expect(stream.received[0]?.data).toEqual({
        reservationId: booked.id,
        reference: booked.reference,
        landingId: landing.id,
        source: "public",
        customerName: "Carla",
      });
      await stream.close();
    },
  );
});

describe("closing the app", () => {
  it("ends open streams instead of waiting for them", async () => {
    const owner = await signUp(closing.app);
    const stream = await openStream(closing.app, owner);
    const started = Date.now();
    await closing.app.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    await until(() => stream.ended(), 2_000);
  });
});
