import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox, reservationAddons, reservations } from "../db/schema";
import { createTestApp } from "../test/app";
import { bearer, bookingPayload, createBookableLanding, type Owner, PASSWORD, signIn, signUp } from "../test/factories";
import { EXPORT_PAGE_SIZE } from "./list";

const { app, clock, db } = await createTestApp();

const book = async (payload: object) => {
  const response = await app.inject({ method: "POST", url: "/api/reservations", payload });
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; reference: string; total_cents: number };
};
const get = (owner: Owner, url: string) =>
  app.inject({ method: "GET", url, headers: { ...bearer(owner), "accept-language": "es" } });
const patchStatus = (owner: Owner, id: number, status: string, extra: Record<string, unknown> = {}) =>
  app.inject({
    method: "PATCH",
    url: `/api/reservations/${id}/status`,
    payload: { status, ...extra },
    headers: { ...bearer(owner), "accept-language": "es" },
  });

async function ownerWithBookings(count: number, overrides: (index: number) => Record<string, unknown> = () => ({})) {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner, { units: "50" });
  const booked = [];
  for (let index = 0; index < count; index++) {
    booked.push(await book(bookingPayload(landing, clock.now(), overrides(index), { start: 10 + index, length: 2 })));
  }
  return { owner, landing, booked };
}

describe("the owner's reservation lists", () => {
  it("lists a landing's reservations newest first, with cursor pages that add up to all of them", async () => {
    const { owner, landing, booked } = await ownerWithBookings(5);
    const first = (await get(owner, `/api/reservations/${landing.id}?limit=2`)).json();
    expect(first.reservations.map((r: { id: number }) => r.id)).toEqual([booked[4]?.id, booked[3]?.id]);
    const second = (await get(owner, `/api/reservations/${landing.id}?limit=2&cursor=${first.next_cursor}`)).json();
    const third = (await get(owner, `/api/reservations/${landing.id}?limit=2&cursor=${second.next_cursor}`)).json();
    expect([...second.reservations, ...third.reservations].map((r: { id: number }) => r.id)).toEqual([
      booked[2]?.id,
      booked[1]?.id,
      booked[0]?.id,
    ]);
    expect(third.next_cursor).toBeNull();
    // A page that holds exactly the rest has no next page.
    const whole = (await get(owner, `/api/reservations/${landing.id}?limit=5`)).json();
    expect([whole.reservations.length, whole.next_cursor]).toEqual([5, null]);
    const landingRow = (await get(owner, `/api/landings/${owner.id}/${landing.id}`)).json();
    expect(landingRow.reservations_count).toBe(5);
  });

  it("searches by name, email, phone, reference and vehicle, and filters by status and pickup date", async () => {
    const names = ["Ana Ñúñez", "Luis Pérez", "Carla 100%_off"];
    const { owner, landing, booked } = await ownerWithBookings(3, (index) => ({
      name: names[index],
      email: `guest${index}@example.com`,
      phone: `809-555-000${index}`,
    }));
    const ids = async (query: string) =>
      (await get(owner, `/api/reservations/${landing.id}?${query}`))
        .json()
        .reservations.map((r: { id: number }) => r.id);
    expect(await ids("q=ñúñez")).toEqual([booked[0]?.id]);
    // Accents and case as people type them: "nunez" finds "Ñúñez", "perez pena" finds "Pérez Peña".
    expect(await ids("q=NUNEZ")).toEqual([booked[0]?.id]);
    expect(await ids(`q=${encodeURIComponent("perez pena")}`)).toEqual([booked[1]?.id]);
    expect(await ids("q=GUEST1@")).toEqual([booked[1]?.id]);
    expect(await ids("q=555-0002")).toEqual([booked[2]?.id]);
    // A phone found by its digits however it is typed, then and now.
    expect(await ids("q=8095550002")).toEqual([booked[2]?.id]);
    expect(await ids(`q=${encodeURIComponent("(809) 555 0001")}`)).toEqual([booked[1]?.id]);
    expect(await ids(`q=${booked[1]?.reference.toLowerCase()}`)).toEqual([booked[1]?.id]);
    expect(await ids(`q=${encodeURIComponent("100%_")}`)).toEqual([booked[2]?.id]);
    expect(await ids("q=%25")).toEqual([booked[2]?.id]);
    expect((await ids("q=corolla")).length).toBe(3);
    // First and last name read as one, but no search runs across two other fields.
    expect(await ids(`q=${encodeURIComponent("Pérez Peña")}`)).toEqual([booked[1]?.id]);
    expect(await ids(`q=${encodeURIComponent("Peña guest1")}`)).toEqual([]);
    await patchStatus(owner, booked[0]?.id ?? 0, "confirmed");
    expect(await ids("status=confirmed")).toEqual([booked[0]?.id]);
    const secondPickup = bookingPayload(landing, clock.now(), {}, { start: 11, length: 2 }).date_of_departure;
    expect(await ids(`from=${secondPickup}&to=${secondPickup}`)).toEqual([booked[1]?.id]);
    expect((await get(owner, `/api/reservations/${landing.id}?status=lost`)).statusCode).toBe(422);
  });

  it("groups the owner's reservations per landing and counts the pending ones", async () => {
    const { owner, landing, booked } = await ownerWithBookings(2);
    const other = await createBookableLanding(app, owner);
    const third = await book(bookingPayload(other, clock.now()));
    const grouped = (await get(owner, `/api/reservations/user/${owner.id}`)).json();
    expect(grouped.groups.map((g: { landing: { id: number } }) => g.landing.id)).toEqual([other.id, landing.id]);
    expect(grouped.groups[0].landing).toMatchObject({ display_name: other.display_name, name: other.name });
    expect(grouped.groups[1].reservations.map((r: { id: number }) => r.id)).toEqual([booked[1]?.id, booked[0]?.id]);
    await patchStatus(owner, third.id, "confirmed");
    expect((await get(owner, "/api/reservations/summary")).json()).toEqual({ pending: 2, total: 3 });
    // A cancelled booking no longer waits, and still counts; a deleted one counts no more.
    await patchStatus(owner, booked[0]?.id ?? 0, "cancelled", { reason: "Sin coche" });
    expect((await get(owner, "/api/reservations/summary")).json()).toEqual({ pending: 1, total: 3 });
    await app.inject({ method: "DELETE", url: `/api/reservations/${booked[1]?.id}`, headers: bearer(owner) });
    expect((await get(owner, "/api/reservations/summary")).json()).toEqual({ pending: 0, total: 2 });
  });

  it("exports CSV with the filters, a header and cells safe for spreadsheets", async () => {
    const { owner, landing } = await ownerWithBookings(2, (index) => ({
      name: index === 0 ? '=HYPERLINK("x")' : "Ana",
      description: 'Dijo "hola", luego\nse fue',
    }));
    const response = await get(owner, `/api/reservations/${landing.id}/export.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toContain("attachment");
    const lines = response.body.replace(/^\ufeff/, "").split("\r\n");
    // The owner's language (the dashboard sends it), the landing's clock for the creation time.
    expect(lines[0]).toMatch(/^Referencia,Estado,Origen,Creada \(Santo Domingo\),Vehículo,/);
    // A header, two rows and the final line break (the comment's own line break is inside quotes).
    expect(lines).toHaveLength(1 + 2 + 1);
    expect(response.body).toContain(`'=HYPERLINK(""x"")`);
    expect(response.body).toContain('"Dijo ""hola"", luego\nse fue"');
    const english = await app.inject({
      method: "GET",
      url: `/api/reservations/${landing.id}/export.csv`,
      headers: { ...bearer(owner), "accept-language": "en" },
    });
    expect(english.body.replace(/^\ufeff/, "")).toMatch(/^Reference,Status,Source,Made \(Santo Domingo\),/);
    // The customer's phone, as they wrote it: not a formula.
    expect(english.body).toContain(",+1 809 555 0101,");
  });

  it("exports a landing's whole history in pages, each booking once, newest first, with its own lines", async () => {
    const { owner, landing, booked } = await ownerWithBookings(1);
    const [first] = await db
      .select()
      .from(reservations)
      .where(eq(reservations.id, booked[0]?.id ?? 0));
    if (!first) throw new Error("the booking was not stored");
    // Two pages and a bit more, all made at the same instant as the first booking: pages that end
    // between rows of one creation time must still hand over every row once.
    const { id: _, ...copy } = first;
    const count = EXPORT_PAGE_SIZE * 2 + 3;
    const made = await db
      .insert(reservations)
      .values(Array.from({ length: count }, (_, n) => ({ ...copy, reference: `EX-${n}`, idempotencyKey: null })))
      .returning({ id: reservations.id, reference: reservations.reference });
    await db.insert(reservationAddons).values(
      made.map((row, n) => ({
        reservationId: row.id,
        name: "Silla",
        priceCents: 500,
        quantity: 1 + (n % 3),
        totalCents: 500,
      })),
    );
    const response = await get(owner, `/api/reservations/${landing.id}/export.csv`);
    expect(response.statusCode).toBe(200);
    const rows = response.body
      .replace(/^\ufeff/, "")
      .split("\r\n")
      .slice(1, -1);
    const references = rows.map((row) => row.split(",")[0]);
    // Newest first: the same instant for all, then the later row first; the API's booking last.
    expect(references).toEqual([...made.reverse().map((row) => row.reference), booked[0]?.reference]);
    // Each row with its own add-on line: "Silla x1", "x2" or "x3" by the copy it is.
    for (const row of rows.slice(0, -1)) {
      const n = Number(/^EX-(\d+),/.exec(row)?.[1]);
      expect(row).toContain(`,Silla x${1 + (n % 3)},`);
    }
  });
});

describe("statuses", () => {
  it("confirms, completes and refuses every other move with 409", async () => {
    const { owner, booked } = await ownerWithBookings(1);
    const id = booked[0]?.id ?? 0;
    expect((await patchStatus(owner, id, "completed")).statusCode).toBe(409);
    clock.advance(60_000);
    const confirmedAt = clock.now();
    const confirmed = await patchStatus(owner, id, "confirmed");
    // The landing's 18 % tax, as a percentage (stored in basis points).
    expect(confirmed.json().reservation).toMatchObject({ status: "confirmed", tax_rate: 18 });
    const [afterConfirm] = await db.select().from(reservations).where(eq(reservations.id, id));
    expect(afterConfirm).toMatchObject({ confirmedAt, cancelledAt: null, completedAt: null });
    const mails = async () =>
      (await db.select().from(outbox).where(eq(outbox.reservationId, id))).map((mail) => [mail.kind, mail.recipient]);
    // The customer hears of the confirmation, once.
    expect(await mails()).toContainEqual(["reservation.confirmed", afterConfirm?.email]);
    expect((await patchStatus(owner, id, "pending")).statusCode).toBe(409);
    expect((await patchStatus(owner, id, "confirmed")).json().message).toBe(
      "El estado de esta reserva cambió mientras tanto (en otra pestaña o por el cliente) y ya no admite esta acción. Revisa su estado actual.",
    );
    const mailsBefore = await mails();
    // Completed means returned: not before the pickup time (issue 25.17), and the refusal changes nothing.
    const early = await patchStatus(owner, id, "completed");
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("Una reserva se marca como completada después de su hora de recogida.");
    expect((await db.select().from(reservations).where(eq(reservations.id, id)))[0]?.status).toBe("confirmed");
    const [stored] = await db.select().from(reservations).where(eq(reservations.id, id));
    clock.advance((stored?.pickupAt.getTime() ?? 0) - clock.now().getTime());
    const completedAt = clock.now();
    // Days later: the owner signs in again.
    const later = await signIn(app, owner);
    expect((await patchStatus(later, id, "completed")).json().reservation.status).toBe("completed");
    expect((await patchStatus(later, id, "cancelled")).statusCode).toBe(409);
    expect((await patchStatus(later, id, "lost")).statusCode).toBe(422);
    const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
    // Each step stamps its own time and keeps the others.
    expect(row).toMatchObject({ status: "completed", confirmedAt, completedAt, cancelledAt: null });
    // Completing sends nothing.
    expect(await mails()).toEqual(mailsBefore);
  });

  it("cancels a confirmed booking with the policy's fee, frees the unit at once and emails the customer", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "1", price: "100" });
    const early = bookingPayload(landing, clock.now(), {}, { start: 10, length: 3 });
    const booked = await book(early);
    await patchStatus(owner, booked.id, "confirmed");
    clock.advance(60_000);
    const cancelledAt = clock.now();
    const cancelled = await patchStatus(owner, booked.id, "cancelled");
    expect(cancelled.json().reservation).toMatchObject({
      status: "cancelled",
      cancellation_fee_cents: 100_00,
      cancelled_by: "owner",
    });
    const [row] = await db.select().from(reservations).where(eq(reservations.id, booked.id));
    expect(row).toMatchObject({ cancelledAt, cancelledBy: "owner", completedAt: null });
    // The unit is free again for the same period.
    expect((await app.inject({ method: "POST", url: "/api/reservations", payload: early })).statusCode).toBe(201);
    const mails = await db.select().from(outbox).where(eq(outbox.reservationId, booked.id));
    expect(mails.map((mail) => mail.kind).sort()).toEqual([
      "reservation.cancelled",
      "reservation.confirmed",
      "reservation.customer",
      "reservation.owner",
    ]);
    const notice = mails.find((mail) => mail.kind === "reservation.cancelled")?.text ?? "";
    // What the operator may charge, never a refund of money nobody paid.
    expect(notice).toContain("puede cobrarte US$100.00");
    expect(notice).not.toMatch(/reembols/i);
  });

  it("declines a pending request with no fee and a polite email in the customer's language (issue 25.1)", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "1", price: "100" });
    const request = bookingPayload(landing, clock.now(), { language: "en" }, { start: 1, length: 3 });
    const booked = await book(request);
    // Within the policy's 24 hours: a confirmed booking would cost 200 here, a request nothing.
    const [before] = await db.select().from(reservations).where(eq(reservations.id, booked.id));
    clock.advance((before?.pickupAt.getTime() ?? 0) - clock.now().getTime() - 2 * 60 * 60 * 1000);
    const declined = await patchStatus(await signIn(app, owner), booked.id, "cancelled");
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().reservation).toMatchObject({
      status: "cancelled",
      cancellation_fee_cents: 0,
      cancelled_by: "owner",
      confirmed_at: null,
    });
    const mails = await db.select().from(outbox).where(eq(outbox.reservationId, booked.id));
    expect(mails.map((mail) => mail.kind).sort()).toEqual([
      "reservation.customer",
      "reservation.declined",
      "reservation.owner",
    ]);
    const notice = mails.find((mail) => mail.kind === "reservation.declined");
    expect(notice?.subject).toBe(`${landing.display_name} could not accept your booking request ${booked.reference}`);
    expect(notice?.text).toContain("with no fee of any kind");
    expect(notice?.text).not.toMatch(/refund|cancellation fee|\$/i);
    // The unit is free for someone else at once.
    expect((await app.inject({ method: "POST", url: "/api/reservations", payload: request })).statusCode).toBe(201);
  });

  it("refuses a move chosen for a status the booking no longer has (two tabs): 409, nothing changed", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "1", price: "100" });
    const booked = await book(bookingPayload(landing, clock.now(), {}, { start: 10, length: 3 }));
    // Tab A confirms the request; tab B, still showing it pending, declines it "with no fee".
    expect((await patchStatus(owner, booked.id, "confirmed", { from: "pending" })).statusCode).toBe(200);
    const stale = await patchStatus(owner, booked.id, "cancelled", { from: "pending" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      "El estado de esta reserva cambió mientras tanto (en otra pestaña o por el cliente) y ya no admite esta acción. Revisa su estado actual.",
    );
    const [row] = await db.select().from(reservations).where(eq(reservations.id, booked.id));
    expect(row).toMatchObject({ status: "confirmed", cancellationFeeCents: null, cancelledAt: null });
    const cancelMails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.reservationId, booked.id), eq(outbox.kind, "reservation.cancelled")));
    expect(cancelMails).toEqual([]);
    expect((await patchStatus(owner, booked.id, "cancelled", { from: "nonsense" })).statusCode).toBe(422);
    // Seen as it is, the cancellation goes ahead with the policy's fee.
    const cancelled = await patchStatus(owner, booked.id, "cancelled", { from: "confirmed" });
    expect(cancelled.json().reservation).toMatchObject({ status: "cancelled", cancellation_fee_cents: 100_00 });
  });

  it("forgoes the fee of a confirmed booking when the owner says so", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "1", price: "100" });
    const booked = await book(bookingPayload(landing, clock.now(), {}, { start: 10, length: 3 }));
    await patchStatus(owner, booked.id, "confirmed");
    expect((await patchStatus(owner, booked.id, "cancelled", { waive_fee: "yes" })).statusCode).toBe(422);
    const waived = await patchStatus(owner, booked.id, "cancelled", { waive_fee: true });
    expect(waived.json().reservation).toMatchObject({ status: "cancelled", cancellation_fee_cents: 0 });
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.reservationId, booked.id), eq(outbox.kind, "reservation.cancelled")));
    expect(mail?.text).toContain("Esta cancelación no tiene cargo.");
    // No "Cargo por cancelación según la política: US$0.00" row: the text says there is none.
    expect(mail?.text).toContain("Total");
    expect(mail?.text).not.toContain("Cargo por cancelación");
    expect(mail?.html).not.toContain("Cargo por cancelación");
  });

  it("charges the late fee within 24 hours of pickup, never above the total", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "1", price: "50" });
    const booked = await book(bookingPayload(landing, clock.now(), {}, { start: 2, length: 1 }));
    await patchStatus(owner, booked.id, "confirmed");
    const [row] = await db.select().from(reservations).where(eq(reservations.id, booked.id));
    // Two hours before pickup.
    clock.advance((row?.pickupAt.getTime() ?? 0) - clock.now().getTime() - 2 * 60 * 60 * 1000);
    // A day and more later, the owner signs in again.
    const login = await app.inject({
      method: "POST",
      url: "/api/login-nelly",
      payload: { email: owner.email, password: PASSWORD },
    });
    const later = { ...owner, token: login.json().token as string };
    // 50 + 18 % tax = 59 in all: the late fee of 200 is capped there.
    expect((await patchStatus(later, booked.id, "cancelled")).json().reservation.cancellation_fee_cents).toBe(59_00);
  });
});

describe("another owner's reservations", () => {
  it("answer 404 or 403 on every call and change nothing", async () => {
    const { owner, landing, booked } = await ownerWithBookings(1);
    const stranger = await signUp(app);
    const id = booked[0]?.id ?? 0;
    expect((await get(stranger, `/api/reservations/${landing.id}`)).statusCode).toBe(404);
    expect((await get(stranger, `/api/reservations/${landing.id}/export.csv`)).statusCode).toBe(404);
    expect((await get(stranger, `/api/reservations/user/${owner.id}`)).statusCode).toBe(403);
    expect((await get(stranger, `/api/reservations/user/${stranger.id}`)).json()).toEqual({
      groups: [],
      next_cursor: null,
    });
    expect((await patchStatus(stranger, id, "confirmed")).statusCode).toBe(404);
    const deleted = await app.inject({ method: "DELETE", url: `/api/reservations/${id}`, headers: bearer(stranger) });
    expect(deleted.statusCode).toBe(404);
    const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
    expect(row?.status).toBe("pending");
    const own = await app.inject({
      method: "DELETE",
      url: `/api/reservations/${id}`,
      headers: { ...bearer(owner), "accept-language": "es" },
    });
    expect(own.json()).toEqual({ message: "Reserva eliminada." });
    expect(await db.select().from(reservations).where(eq(reservations.id, id))).toEqual([]);
  });
});
