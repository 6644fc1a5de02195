import { formatMoney } from "@domain/money";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox, reservations } from "../db/schema";
import { createTestApp } from "../test/app";
import { bearer, bookingPayload, createBookableLanding, type Owner, signIn, signUp } from "../test/factories";
import { parseHtml } from "../test/html";
import { pdfText } from "../test/pdf-text";

/**
 * A booking at an agreed price (the owner's desk) keeps the rules' lines, and its agreed total is
 * split into its subtotal and tax at the booking's rate, with the difference as its own line: what
 * is stored, the customer's page, the email, the invoice and the CSV all add up, on PGlite and
 * PostgreSQL. 3 days at 100.00 are 300.00 + 18 % = 354.00 under the rules; agreed at 320.00, that
 * is 271.19 before its tax of 48.81, 28.81 less than the lines.
 */
const { app, clock, db } = await createTestApp();

type Landing = Awaited<ReturnType<typeof createBookableLanding>>;
const usd = (cents: number) => formatMoney(cents, "USD", "es");

const send = (owner: Owner, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { ...bearer(owner), "accept-language": "es" } });

/** The owner's desk booking, emailed to the customer, at an agreed total when given. */
async function deskBooking(owner: Owner, landing: Landing, agreedCents: number | null, start = 10) {
  const { id_landing, terms_accepted, ...payload } = bookingPayload(landing, clock.now(), {}, { start, length: 3 });
  const response = await send(owner, "POST", `/api/landings/${landing.id}/reservations`, {
    ...payload,
    notify_customer: true,
    price_override: agreedCents === null ? null : { total_cents: agreedCents, reason: "Cliente frecuente" },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().reservation as { id: number; reference: string; pickup_at: string };
}

const stored = async (id: number) => (await db.select().from(reservations).where(eq(reservations.id, id)))[0];

async function setUp() {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner, { price: "100" });
  return { owner, landing };
}

describe("a booking at an agreed price", () => {
  it("stores the agreed total's subtotal and tax, and its page, email and CSV show lines that add up", async () => {
    const { owner, landing } = await setUp();
    const booked = await deskBooking(owner, landing, 320_00);
    expect(await stored(booked.id)).toMatchObject({
      rentalCents: 300_00,
      subtotalCents: 271_19,
      taxCents: 48_81,
      totalCents: 320_00,
      listTotalCents: 354_00,
      priceOverrideReason: "Cliente frecuente",
    });
    const detail = await send(owner, "GET", `/api/reservations/${landing.id}`);
    expect(detail.json().reservations[0]).toMatchObject({
      rental_cents: 300_00,
      adjustment_cents: -28_81,
      subtotal_cents: 271_19,
      tax_cents: 48_81,
      total_cents: 320_00,
      price_override: { list_total_cents: 354_00, reason: "Cliente frecuente" },
    });

    // The customer's email: each line, the adjustment among them, then subtotal, tax and total.
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.reservationId, booked.id), eq(outbox.kind, "reservation.confirmed")));
    const text = mail?.text ?? "";
    const order = [
      usd(300_00),
      "Ajuste de precio acordado",
      `−${usd(28_81)}`,
      "Subtotal",
      usd(271_19),
      "ITBIS (18 %)",
      usd(48_81),
      "Total",
      usd(320_00),
    ].map((seen) => text.indexOf(seen));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(text).not.toContain(usd(54_00));

    // The customer's page, from the email's link, in both languages.
    const token = /[?&]t=([\w-]+)/.exec(text)?.[1];
    expect(token).toBeTruthy();
    const page = async (language: "es" | "en") => {
      const answer = await app.inject({
        method: "GET",
        url: `/${landing.name}/reservation/${booked.reference}?t=${token}&lang=${language}`,
      });
      expect(answer.statusCode).toBe(200);
      const html = parseHtml(answer.body);
      return html.text(html.elements("main")[0]);
    };
    const spanish = await page("es");
    for (const seen of ["Ajuste de precio acordado", `−${usd(28_81)}`, usd(271_19), usd(48_81), usd(320_00)]) {
      expect(spanish).toContain(seen);
    }
    expect(spanish).not.toContain(usd(54_00));
    const english = await page("en");
    expect(english).toContain("Agreed price adjustment");
    expect(english).toContain(`−${formatMoney(28_81, "USD", "en")}`);
    // The JSON answer behind that page holds the figures, and not the owner's reason for the price.
    const json = await app.inject({
      method: "GET",
      url: `/api/publicLanding/${landing.name}/reservation/${booked.reference}?t=${token}`,
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ total_cents: 320_00, subtotal_cents: 271_19, price_override: null });

    // The CSV: rental, discount, fees, adjustment, subtotal, tax, total, then the rules' price.
    const csv = await send(owner, "GET", `/api/reservations/${landing.id}/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(",300.00,0.00,0.00,-28.81,271.19,48.81,320.00,354.00,Cliente frecuente,USD,");
  });

  it("splits a changed booking's agreed total at the new price, and drops the adjustment without one", async () => {
    const { owner, landing } = await setUp();
    const booked = await deskBooking(owner, landing, null);
    expect(await stored(booked.id)).toMatchObject({ subtotalCents: 300_00, taxCents: 54_00, listTotalCents: null });
    const { id_landing, terms_accepted, ...fields } = bookingPayload(
      landing,
      clock.now(),
      {},
      { start: 10, length: 5 },
    );
    const agreed = await send(owner, "PUT", `/api/reservations/${booked.id}`, {
      ...fields,
      version: 1,
      price_override: { total_cents: 600_00, reason: "Semana completa" },
    });
    expect(agreed.statusCode, agreed.body).toBe(200);
    // 5 days: 500.00 + 18 % = 590.00 under the rules; 600.00 agreed is 508.47 + 91.53.
    expect(await stored(booked.id)).toMatchObject({
      rentalCents: 500_00,
      subtotalCents: 508_47,
      taxCents: 91_53,
      totalCents: 600_00,
      listTotalCents: 590_00,
    });
    expect(agreed.json().reservation).toMatchObject({ adjustment_cents: 8_47, subtotal_cents: 508_47 });
    const ruled = await send(owner, "PUT", `/api/reservations/${booked.id}`, { ...fields, version: 2 });
    expect(ruled.statusCode, ruled.body).toBe(200);
    expect(await stored(booked.id)).toMatchObject({
      subtotalCents: 500_00,
      taxCents: 90_00,
      totalCents: 590_00,
      listTotalCents: null,
    });
    expect(ruled.json().reservation).toMatchObject({ adjustment_cents: 0 });
  });

  it("is invoiced with its lines, the adjustment, a subtotal and a tax that make its total", async () => {
    let { owner, landing } = await setUp();
    const booked = await deskBooking(owner, landing, 320_00, 2);
    clock.advance(Math.max(0, new Date(booked.pickup_at).getTime() - clock.now().getTime()));
    owner = await signIn(app, owner);
    const out = await send(owner, "POST", `/api/reservations/${booked.id}/check-out`, {
      odometer_km: 45_210,
      fuel_eighths: 6,
      drivers: [
        {
          name: "María José Peña",
          licence_number: "001-1234567-8",
          licence_country: "DO",
          licence_expiry: "2035-01-31",
          birth_date: "1988-06-15",
        },
      ],
      items: [],
      marks: [],
    });
    expect(out.statusCode, out.body).toBe(200);
    const agreement = pdfText((await send(owner, "GET", `/api/reservations/${booked.id}/agreement/draft`)).rawPayload);
    const back = await send(owner, "POST", `/api/reservations/${booked.id}/check-in`, {
      odometer_km: 45_400,
      fuel_eighths: 6,
    });
    expect(back.statusCode, back.body).toBe(200);
    const invoice = await send(owner, "GET", `/api/reservations/${booked.id}/invoice/pdf`);
    expect(invoice.statusCode).toBe(200);
    for (const text of [pdfText(invoice.rawPayload), agreement].map((pdf) => pdf.replace(/\s+/g, " "))) {
      for (const seen of [
        `Ajuste de precio acordado −${usd(28_81)}`,
        `Subtotal ${usd(271_19)}`,
        `ITBIS (18 %) ${usd(48_81)}`,
      ]) {
        expect(text).toContain(seen);
      }
      expect(text).toContain(usd(320_00));
      expect(text).not.toContain(usd(54_00));
    }
  });
});
