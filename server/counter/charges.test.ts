import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { outbox, payments, rentalHandovers, reservations } from "../db/schema";
import { bearer, bookingPayload, createBookableLanding, type Owner, signIn, signUp } from "../test/factories";
import { acceptanceOf, DRIVER, outAndBack } from "../test/handovers";
import { payingWorld } from "../test/paying-landings";
import { pdfText as linesOf } from "../test/pdf-text";

// Issue 28.4: the return's charges are shown to the customer for acceptance, and taken from the
// deposit held on their card when the landing holds one (issue 27), otherwise recorded as due;
// through the real server, the official Stripe client and the stand-in.

const { app, clock, db, standIn, holdingLanding, book, pay } = await payingWorld();
afterAll(() => standIn.close());

const send = (owner: Owner, url: string, payload?: object, method: "GET" | "POST" | "PATCH" = "POST") =>
  app.inject({ method, url, payload, headers: { ...bearer(owner), "accept-language": "es" } });
const pdfText = (pdf: Buffer) => linesOf(pdf).replace(/\s+/g, " ");

type Booked = { id: number; pickupAt: string };

/** A visitor's booking paid on the stand-in (its deposit then held), confirmed by the owner. */
async function heldBooking(landing: { id: number; vehicle: { id: number }; owner: Owner }): Promise<Booked> {
  const body = (await book(landing)).json();
  await pay(body.payment_url);
  await send(landing.owner, `/api/reservations/${body.id}/status`, { status: "confirmed" }, "PATCH");
  const [row] = await db.select().from(reservations).where(eq(reservations.id, body.id));
  if (!row) throw new Error("the booking was not stored");
  return { id: body.id, pickupAt: row.pickupAt.toISOString() };
}

/** A booking taken at the desk (confirmed at once), with no card and no hold. */
async function deskBooking(owner: Owner, landing: { id: number; vehicle: { id: number } }): Promise<Booked> {
  const { id_landing, terms_accepted, ...payload } = bookingPayload(landing, clock.now(), {}, { start: 10, length: 3 });
  const booked = await send(owner, `/api/landings/${landing.id}/reservations`, payload);
  expect(booked.statusCode, booked.body).toBe(201);
  return { id: booked.json().reservation.id, pickupAt: booked.json().reservation.pickup_at };
}

/** Checked out at its pickup and back with `damage` (US$150 is US$177 with ITBIS), not accepted yet. */
async function returned(landingOwner: Owner, booked: Booked, damage = "150") {
  const { owner, back } = await outAndBack(app, clock, landingOwner, booked, damage);
  expect(back.json().counter.check_in.charges_accepted).toBeNull();
  return { owner, id: booked.id };
}

const invoiceMails = (id: number) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.reservationId, id), eq(outbox.kind, "reservation.invoice")));

describe("the return's charges accepted by the customer (issue 28.4)", () => {
  it("takes them from the deposit held on the card, and the invoice shows what the deposit paid", async () => {
    const landing = await holdingLanding("at_booking");
    const { owner, id } = await returned(landing.owner, await heldBooking(landing));
    expect(await invoiceMails(id)).toEqual([]);
    // The owner opens the invoice while the charges wait for the signature: shown, never sent yet.
    const preview = await send(owner, `/api/reservations/${id}/invoice/pdf`, undefined, "GET");
    expect(preview.statusCode).toBe(200);
    const draft = pdfText(preview.rawPayload);
    expect(draft).toContain("Cargos de la devolución Daños: Retrovisor roto US$150.00");
    // Marked a draft, saying why what it counts as due is not collected yet.
    expect(draft).toContain("Factura (borrador)");
    expect(draft).toContain("los cargos esperan la firma del cliente");
    expect(draft).toContain("hasta entonces no se cobran y esta factura no se le envía");
    // What is left to pay now, as the counter says it, then with the charges once they are accepted.
    expect(draft).toContain("Pendiente de pago US$161.07 Pendiente de pago una vez aceptados los cargos US$338.07");
    expect(await invoiceMails(id)).toEqual([]);
    // The booking says the same as the draft (its detail's price panel and the counter read it): the
    // charges not signed for beside what is pending, never in it, nor missing from it (a walk's
    // detail and counter said US$161.07 and nothing of the US$177.00 waiting).
    const waiting = (await send(owner, `/api/planner/reservations/${id}`, undefined, "GET")).json();
    expect(waiting.settlement).toMatchObject({
      charges_cents: 0,
      outstanding_cents: 161_07,
      charges_awaiting_cents: 177_00,
      outstanding_once_accepted_cents: 338_07,
    });
    const accepted = await send(
      owner,
      `/api/reservations/${id}/charges/acceptance`,
      await acceptanceOf(app, owner, id),
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toBe(
      "Ana Pérez aceptó los cargos de la devolución: se cobraron US$177.00 del depósito y quedan US$0.00 de ellos por cobrar.",
    );
    expect(accepted.json().counter.check_in).toMatchObject({
      charges_accepted: { by: "Ana Pérez", at: clock.now().toISOString() },
      charges_from_deposit_cents: 177_00,
    });
    expect(accepted.json().reservation.payment).toMatchObject({ captured_cents: 177_00, held_cents: 0 });
    expect(accepted.json().reservation.settlement).toMatchObject({ charges_cents: 177_00, charges_awaiting_cents: 0 });
    const [capture] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.reservationId, id), eq(payments.kind, "capture")));
    expect(capture).toMatchObject({ amountCents: 177_00, status: "succeeded" });
    // Sent once accepted, as it then stands: what the deposit paid is on it.
    expect(await invoiceMails(id)).toHaveLength(1);
    const invoice = await send(owner, `/api/reservations/${id}/invoice/pdf`, undefined, "GET");
    const text = pdfText(invoice.rawPayload);
    expect(text).toContain("Cobrado del depósito US$177.00");
    expect(text).not.toContain("borrador");
    expect(await invoiceMails(id)).toHaveLength(1);

    const again = await send(owner, `/api/reservations/${id}/charges/acceptance`, await acceptanceOf(app, owner, id));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("El cliente ya aceptó estos cargos.");
  });

  it("records them as due without a hold, and refuses a blank signature, a return without charges and another owner", async () => {
    const first = await signUp(app);
    const landing = await createBookableLanding(app, first);
    const { owner, id } = await returned(first, await deskBooking(first, landing));
    const blank = await send(owner, `/api/reservations/${id}/charges/acceptance`, {
      ...(await acceptanceOf(app, owner, id)),
      signature: `data:image/png;base64,${(
        await sharp({ create: { width: 40, height: 20, channels: 4, background: "#0000" } })
          .png()
          .toBuffer()
      ).toString("base64")}`,
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ signature: ["Falta la firma: firma en el recuadro."] });
    const [stillOpen] = await db.select().from(rentalHandovers).where(eq(rentalHandovers.reservationId, id));
    expect(stillOpen?.chargesAcceptedAt ?? null).toBeNull();
    const accepted = await send(
      owner,
      `/api/reservations/${id}/charges/acceptance`,
      await acceptanceOf(app, owner, id),
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toBe(
      "Ana Pérez aceptó los cargos de la devolución: US$177.00 con impuestos, por cobrar.",
    );
    expect(accepted.json().counter.check_in.charges_from_deposit_cents).toBe(0);

    const stranger = await signUp(app);
    const theirs = await send(
      stranger,
      `/api/reservations/${id}/charges/acceptance`,
      await acceptanceOf(app, stranger, id, "Intruso"),
    );
    expect(theirs.statusCode).toBe(404);

    const { owner: later, id: noCharges } = await returned(owner, await deskBooking(owner, landing), "");
    const nothing = await send(
      later,
      `/api/reservations/${noCharges}/charges/acceptance`,
      await acceptanceOf(app, later, noCharges),
    );
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe("Esta devolución no tiene cargos que aceptar.");
    // Without charges, the invoice went out with the check-in.
    expect(await invoiceMails(noCharges)).toHaveLength(1);
  });

  it("a deposit held on the card is not taken again at the counter", async () => {
    const landing = await holdingLanding("at_booking");
    const booked = await heldBooking(landing);
    clock.advance(Math.max(0, new Date(booked.pickupAt).getTime() - clock.now().getTime()));
    const owner = await signIn(app, landing.owner);
    const out = await send(owner, `/api/reservations/${booked.id}/check-out`, {
      odometer_km: 1_000,
      fuel_eighths: 8,
      drivers: [DRIVER],
      deposit_method: "cash",
      deposit_amount: "300",
    });
    expect(out.statusCode).toBe(422);
    expect(out.json().errors).toEqual({
      deposit_method: [
        "El depósito de esta reserva se retiene en la tarjeta del cliente: no se recibe en el mostrador.",
      ],
    });
    const [row] = await db
      .select({ status: reservations.status })
      .from(reservations)
      .where(eq(reservations.id, booked.id));
    expect(row?.status).toBe("confirmed");
  });
});
