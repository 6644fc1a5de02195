import { createHash } from "node:crypto";
import { formatDateTime } from "@domain/date-format";
import { DEFAULT_TIME_ZONE } from "@domain/landings";
import { toLocal } from "@domain/rental-time";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { invoices, outbox, rentalAgreements, rentalPhotos } from "../db/schema";
import { drawAgreement } from "../documents";
import { createTestApp } from "../test/app";
import {
  bearer,
  bookingPayload,
  createBookableLanding,
  jpegWithExif,
  multipart,
  type Owner,
  signaturePng,
  signIn,
  signUp,
} from "../test/factories";
import { acceptanceOf } from "../test/handovers";
import { pdfText as linesOf } from "../test/pdf-text";
import { documentContext } from "./document-context";
import { sweepUnattachedPhotos } from "./photos";

/** What a PDF says, wrapped lines joined: "República\nDominicana" reads "República Dominicana". */
const pdfText = (pdf: Buffer) => linesOf(pdf).replace(/\s+/g, " ");

/**
 * The rental's documents (issue 28.3 and 28.5) through the API, on PGlite and PostgreSQL: the
 * agreement read as a draft, signed on the screen, stored and emailed, never altered afterwards; the
 * invoice's PDF with the tax ids, the NCF and every line; both only for their owner.
 */
const { app, clock, db, storage } = await createTestApp();

type Landing = Awaited<ReturnType<typeof createBookableLanding>>;

const send = (owner: Owner, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { ...bearer(owner), "accept-language": "es" } });

/** A booking at its pickup time, not yet checked out. */
async function pickedUp(customer: { name?: string; last_name?: string } = {}) {
  let owner = await signUp(app);
  const landing: Landing = await createBookableLanding(app, owner);
  const { id_landing, terms_accepted, ...payload } = bookingPayload(landing, clock.now(), customer, {
    start: 2,
    length: 3,
  });
  const booked = await send(owner, "POST", `/api/landings/${landing.id}/reservations`, payload);
  expect(booked.statusCode, booked.body).toBe(201);
  const reservation = booked.json().reservation as { id: number; reference: string; pickup_at: string; email: string };
  const before = await send(owner, "GET", `/api/reservations/${reservation.id}/agreement/draft`);
  expect(before.statusCode).toBe(409);
  expect(before.json().message).toBe("El contrato se firma después de registrar la entrega.");
  clock.advance(Math.max(0, new Date(reservation.pickup_at).getTime() - clock.now().getTime()));
  owner = await signIn(app, owner);
  return { owner, landing, reservation };
}

const checkOutBody = (photos: { licence?: number; damage?: number } = {}) => ({
  odometer_km: 45_210,
  fuel_eighths: 6,
  drivers: [
    {
      name: "María José Peña",
      licence_number: "001-1234567-8",
      licence_country: "DO",
      licence_expiry: "2035-01-31",
      birth_date: "1988-06-15",
      ...(photos.licence && { licence_photo_id: photos.licence }),
    },
  ],
  items: ["Silla de niño", "GPS"],
  marks: [
    { zone: "left_rear_door", note: "Rayón de 5 cm", ...(photos.damage && { photo_id: photos.damage }) },
    { zone: "front_bumper", note: "" },
  ],
});

async function onRent() {
  const picked = await pickedUp();
  const out = await send(picked.owner, "POST", `/api/reservations/${picked.reservation.id}/check-out`, checkOutBody());
  expect(out.statusCode, out.body).toBe(200);
  return picked;
}

const mailsOf = (reservationId: number, kind: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.reservationId, reservationId), eq(outbox.kind, kind)));

describe("the rental agreement (issue 28.3)", () => {
  it("carries the rental conditions the customer accepted when it has no terms of its own, in its language", async () => {
    const { owner, landing, reservation } = await onRent();
    const rules = await send(owner, "PUT", `/api/landings/${owner.id}/${landing.id}/rules`, {
      version: landing.version,
      terms: "Tanque lleno al devolver.\n\nNo se permite fumar.",
      terms_translations: { en: { terms: "Full tank on return.\n\nNo smoking." } },
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const spanish = pdfText(
      (await send(owner, "GET", `/api/reservations/${reservation.id}/agreement/draft`)).rawPayload,
    );
    expect(spanish).toContain("Condiciones de alquiler");
    expect(spanish).toContain("No se permite fumar.");
    expect(spanish).not.toContain("Condiciones del contrato");
    const english = pdfText(
      (await send(owner, "GET", `/api/reservations/${reservation.id}/agreement/draft?language=en`)).rawPayload,
    );
    expect(english).toContain("Rental conditions");
    expect(english).toContain("No smoking.");
  });

  it("is read as a draft, signed on the screen, stored as signed, emailed, and signed again as a new version", async () => {
    const { owner, landing, reservation } = await onRent();
    const settings = await send(owner, "PUT", `/api/landings/${owner.id}/${landing.id}/document-settings`, {
      version: landing.version,
      legal_name: "Flota Sol SRL",
      tax_id: "1-31-12345-6",
      address: "Av. Winston Churchill 12, Santo Domingo",
      terms_es: "El vehículo se devuelve con el mismo combustible.\n\nNo se permite fumar.",
      terms_en: "Return the vehicle with the same fuel.",
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().message).toBe("Datos del contrato y la factura guardados.");
    expect(settings.json().landing.document_settings.legal_name).toBe("Flota Sol SRL");

    const draft = await send(owner, "GET", `/api/reservations/${reservation.id}/agreement/draft`);
    expect(draft.statusCode).toBe(200);
    expect(draft.headers["content-type"]).toBe("application/pdf");
    expect(draft.headers["cache-control"]).toBe("private, no-store");
    const draftText = pdfText(draft.rawPayload);
    for (const seen of [
      "Contrato de alquiler",
      "borrador para leer antes de firmar",
      "Flota Sol SRL",
      "1-31-12345-6",
      "María José Peña",
      "Licencia 001-1234567-8 (República Dominicana)",
      "45,210 km",
      "6/8",
      "Silla de niño, GPS",
      "1. Puerta trasera (izquierda)",
      "Rayón de 5 cm",
      "2. Parachoques delantero",
      "No se permite fumar.",
    ]) {
      expect(draftText).toContain(seen);
    }
    // The landing's counter rules charge nothing: no rates to list.
    expect(draftText).not.toContain("Tarifas de la devolución");
    expect(await db.select().from(rentalAgreements).where(eq(rentalAgreements.reservationId, reservation.id))).toEqual(
      [],
    );
    const english = pdfText(
      (await send(owner, "GET", `/api/reservations/${reservation.id}/agreement/draft?language=en`)).rawPayload,
    );
    expect(english).toContain("Rental agreement");
    expect(english).toContain("Return the vehicle with the same fuel.");

    const signed = await send(owner, "POST", `/api/reservations/${reservation.id}/agreements`, {
      signer_name: "María José Peña",
      signature: await signaturePng(),
    });
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json().message).toBe("Contrato firmado (versión 1) y enviado al cliente.");
    const first = await send(owner, "GET", `/api/reservations/${reservation.id}/agreements/1/pdf`);
    expect(first.statusCode).toBe(200);
    const firstSha = createHash("sha256").update(first.rawPayload).digest("hex");
    expect(signed.json().agreement).toEqual({
      version: 1,
      language: "es",
      signer_name: "María José Peña",
      signed_at: clock.now().toISOString(),
      sha256: firstSha,
    });
    const firstText = pdfText(first.rawPayload);
    expect(firstText).toContain(`Reserva ${reservation.reference} · versión 1`);
    expect(firstText).toContain("Firmado por María José Peña");
    // The signature itself is an image drawn on the page.
    expect(first.rawPayload.toString("latin1")).toContain("/Subtype /Image");

    const [mail] = await mailsOf(reservation.id, "reservation.agreement");
    expect(mail).toMatchObject({ recipient: reservation.email, status: "pending" });
    const [stored] = await db.select().from(rentalAgreements).where(eq(rentalAgreements.reservationId, reservation.id));
    expect(mail?.attachments).toEqual([
      // Named in the agreement's language, as the customer reads it.
      { filename: `${reservation.reference}-contrato-v1.pdf`, path: stored?.path, contentType: "application/pdf" },
    ]);
    // The stored file is private: no address serves it.
    expect((await app.inject({ method: "GET", url: `/storage/${stored?.path}` })).statusCode).toBe(404);

    // Nothing in the API changes a signed version.
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      for (const url of [
        `/api/reservations/${reservation.id}/agreements/1`,
        `/api/reservations/${reservation.id}/agreements/1/pdf`,
      ]) {
        const attempt = await send(owner, method, url, { signer_name: "Otro", signature: await signaturePng() });
        expect(attempt.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    const corrected = await send(owner, "POST", `/api/reservations/${reservation.id}/agreements`, {
      signer_name: "María J. Peña",
      signature: await signaturePng(),
      language: "en",
    });
    expect(corrected.json().agreement).toMatchObject({ version: 2, language: "en", signer_name: "María J. Peña" });
    const again = await send(owner, "GET", `/api/reservations/${reservation.id}/agreements/1/pdf`);
    expect(createHash("sha256").update(again.rawPayload).digest("hex")).toBe(firstSha);
    const counter = await send(owner, "GET", `/api/reservations/${reservation.id}/counter`);
    expect(counter.json().agreements.map((row: { version: number }) => row.version)).toEqual([2, 1]);
    const mails = await mailsOf(reservation.id, "reservation.agreement");
    expect(mails).toHaveLength(2);
    // The English version is named in English, in the email and as the owner downloads it.
    expect(mails.map((mail) => mail.attachments?.[0]?.filename).sort()).toEqual([
      `${reservation.reference}-agreement-v2.pdf`,
      `${reservation.reference}-contrato-v1.pdf`,
    ]);
    const secondPdf = await send(owner, "GET", `/api/reservations/${reservation.id}/agreements/2/pdf`);
    expect(secondPdf.headers["content-disposition"]).toContain(`${reservation.reference}-agreement-v2.pdf`);

    const stranger = await signUp(app);
    for (const url of [
      `/api/reservations/${reservation.id}/agreement/draft`,
      `/api/reservations/${reservation.id}/agreements/1/pdf`,
    ]) {
      expect((await send(stranger, "GET", url)).statusCode).toBe(404);
    }
    const theirs = await send(stranger, "POST", `/api/reservations/${reservation.id}/agreements`, {
      signer_name: "Intruso",
      signature: await signaturePng(),
    });
    expect(theirs.statusCode).toBe(404);
    expect(
      await db.select().from(rentalAgreements).where(eq(rentalAgreements.reservationId, reservation.id)),
    ).toHaveLength(2);
  });

  it("lists the rates the return will be priced at, only those the owner set, in its language", async () => {
    const { owner, landing, reservation } = await pickedUp();
    const rules = (fields: object, version: number) =>
      send(owner, "PUT", `/api/landings/${owner.id}/${landing.id}/counter-rules`, {
        version,
        late_grace_minutes: "59",
        ...fields,
      });
    const set = await rules(
      {
        km_included_per_day: "100",
        extra_km_fee: "0.25",
        fuel_eighth_fee: "12",
        late_hour_fee: "10",
        cleaning_fee: "40",
        additional_driver_fee: "8",
      },
      landing.version,
    );
    expect(set.statusCode, set.body).toBe(200);
    const second = { ...checkOutBody().drivers[0], name: "Luis Peña", licence_number: "001-7654321-0" };
    const out = await send(owner, "POST", `/api/reservations/${reservation.id}/check-out`, {
      ...checkOutBody(),
      drivers: [...checkOutBody().drivers, second],
    });
    expect(out.statusCode, out.body).toBe(200);
    // Three days at US$45.50: 300 km included, lateness at most a day's price for any 24 hours.
    const spanish = pdfText(
      (await send(owner, "GET", `/api/reservations/${reservation.id}/agreement/draft`)).rawPayload,
    );
    expect(spanish).toContain(
      [
        "Tarifas de la devolución",
        "Cada km de más, pasados los 300 km incluidos (100 km por día) US$0.25",
        "Cada octavo de tanque por debajo del nivel de la entrega US$12.00",
        "Cada hora empezada de retraso sobre la devolución prevista (sin cargo hasta 59 min; como mucho US$45.50 cada 24 h) US$10.00",
        "Limpieza, si el vehículo vuelve sucio US$40.00",
        "Conductores adicionales: 1 × US$8.00 por día del alquiler US$24.00",
        "Importes sin impuestos: a lo que se cobre se suma el ITBIS (18 %).",
      ].join(" "),
    );
    const english = pdfText(
      (await send(owner, "GET", `/api/reservations/${reservation.id}/agreement/draft?language=en`)).rawPayload,
    );
    expect(english).toContain(
      [
        "Rates at the return",
        "Each extra km, past the 300 km included (100 km a day) $0.25",
        "Each eighth of a tank below the level at check-out $12.00",
        "Each started hour past the planned return (free up to 59 min; at most $45.50 for each 24 h) $10.00",
        "Cleaning, if the vehicle comes back dirty $40.00",
        "Additional drivers: 1 × $8.00 for each day of the rental $24.00",
        "Amounts before tax: ITBIS (18%) is added to what is charged.",
      ].join(" "),
    );
    const signed = await send(owner, "POST", `/api/reservations/${reservation.id}/agreements`, {
      signer_name: "María José Peña",
      signature: await signaturePng(),
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const first = (await send(owner, "GET", `/api/reservations/${reservation.id}/agreements/1/pdf`)).rawPayload;
    expect(pdfText(first)).toContain("Tarifas de la devolución Cada km de más");

    // Only cleaning left, without grace: the next version lists it alone; the signed one is as signed.
    const cleaningOnly = await rules({ late_grace_minutes: "0", cleaning_fee: "40" }, set.json().landing.version);
    expect(cleaningOnly.statusCode, cleaningOnly.body).toBe(200);
    await send(owner, "POST", `/api/reservations/${reservation.id}/agreements`, {
      signer_name: "María José Peña",
      signature: await signaturePng(),
    });
    const next = pdfText((await send(owner, "GET", `/api/reservations/${reservation.id}/agreements/2/pdf`)).rawPayload);
    expect(next).toContain("Tarifas de la devolución Limpieza, si el vehículo vuelve sucio US$40.00 Importes sin");
    for (const gone of ["km de más", "octavo de tanque", "hora de retraso", "Conductores adicionales"]) {
      expect(next).not.toContain(gone);
    }
    const again = (await send(owner, "GET", `/api/reservations/${reservation.id}/agreements/1/pdf`)).rawPayload;
    expect(again.equals(first)).toBe(true);
  });

  // A helper's finding: the agreement listed the rates, but the check-in priced the return with the
  // landing's rules of the moment, changed since the customer signed.
  it("prices the return with the rates the customer signed for, not the rules changed since", async () => {
    const fuelAndCleaning = async (owner: Owner, landing: Landing, version: number, fuel: string, cleaning: string) => {
      const saved = await send(owner, "PUT", `/api/landings/${owner.id}/${landing.id}/counter-rules`, {
        version,
        late_grace_minutes: "0",
        fuel_eighth_fee: fuel,
        cleaning_fee: cleaning,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      return saved.json().landing.version as number;
    };
    const backDirtyTwoEighthsShort = (owner: Owner, id: number) =>
      send(owner, "POST", `/api/reservations/${id}/check-in`, { odometer_km: 45_400, fuel_eighths: 4, cleaning: true });

    const { owner, landing, reservation } = await onRent();
    const signedVersion = await fuelAndCleaning(owner, landing, landing.version, "12", "0");
    const signed = await send(owner, "POST", `/api/reservations/${reservation.id}/agreements`, {
      signer_name: "María José Peña",
      signature: await signaturePng(),
    });
    expect(signed.statusCode, signed.body).toBe(201);
    await fuelAndCleaning(owner, landing, signedVersion, "20", "40");
    const counter = await send(owner, "GET", `/api/reservations/${reservation.id}/counter`);
    expect(counter.json().signed_rules).toMatchObject({ fuel_eighth_cents: 1200, cleaning_fee_cents: 0 });
    const back = await backDirtyTwoEighthsShort(owner, reservation.id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().counter.check_in.charges).toEqual([
      { kind: "fuel", quantity: 2, unit_cents: 1200, total_cents: 2400 },
    ]);

    // Without an agreement signed with its rates, the landing's rules of now price it.
    const unsigned = await onRent();
    await fuelAndCleaning(unsigned.owner, unsigned.landing, unsigned.landing.version, "20", "40");
    expect(
      (await send(unsigned.owner, "GET", `/api/reservations/${unsigned.reservation.id}/counter`)).json(),
    ).toMatchObject({ signed_rules: null });
    const priced = await backDirtyTwoEighthsShort(unsigned.owner, unsigned.reservation.id);
    expect(priced.json().counter.check_in.charges).toEqual([
      { kind: "fuel", quantity: 2, unit_cents: 2000, total_cents: 4000 },
      { kind: "cleaning", total_cents: 4000 },
    ]);
  });

  it("refuses a blank pad, a file that is not an image, an enormous one and a missing name, storing nothing", async () => {
    const { owner, reservation } = await onRent();
    const sign = (body: object) => send(owner, "POST", `/api/reservations/${reservation.id}/agreements`, body);
    const refusals: [object, Record<string, string[]>][] = [
      [
        { signer_name: "Ana", signature: await signaturePng(true) },
        { signature: ["Falta la firma: firma en el recuadro."] },
      ],
      [
        { signer_name: "Ana", signature: `data:image/png;base64,${Buffer.from("not a png").toString("base64")}` },
        { signature: ["La firma no se pudo leer. Bórrala y firma de nuevo."] },
      ],
      [
        { signer_name: "Ana", signature: `data:image/png;base64,${"A".repeat(500_000)}` },
        { signature: ["La firma no se pudo leer. Bórrala y firma de nuevo."] },
      ],
      [
        { signer_name: "Ana", signature: "javascript:alert(1)" },
        { signature: ["Falta la firma: firma en el recuadro."] },
      ],
      [
        { signer_name: "   ", signature: await signaturePng() },
        { signer_name: ["Escribe el nombre de quien firma (hasta 120 caracteres)."] },
      ],
      [
        { signer_name: "A".repeat(200_000), signature: await signaturePng() },
        { signer_name: ["Escribe el nombre de quien firma (hasta 120 caracteres)."] },
      ],
    ];
    for (const [body, errors] of refusals) {
      const response = await sign(body);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    expect(await db.select().from(rentalAgreements).where(eq(rentalAgreements.reservationId, reservation.id))).toEqual(
      [],
    );
    expect((await send(owner, "GET", `/api/reservations/${reservation.id}/agreements/1/pdf`)).statusCode).toBe(404);
    expect((await send(owner, "GET", `/api/reservations/${reservation.id}/agreements/abc/pdf`)).statusCode).toBe(404);
  });
});

/** An instant as the documents print it, on the landing's clock. */
const onLandingClock = (instant: Date) => {
  const local = toLocal(instant, DEFAULT_TIME_ZONE);
  // As the PDF's text reads back: the font draws the no-break space before AM/PM with its space's
  // glyph, which reads back as a space.
  return formatDateTime(local.date, local.time, "es").replaceAll("\u00a0", " ");
};

describe("the invoice's PDF (issue 28.5)", () => {
  it("holds the operator's and customer's tax ids, the NCF and every line, and is emailed and listed", async () => {
    const { owner, landing, reservation } = await onRent();
    await send(owner, "PUT", `/api/landings/${owner.id}/${landing.id}/document-settings`, {
      version: landing.version,
      legal_name: "Flota Sol SRL",
      tax_id: "1-31-12345-6",
    });
    expect((await send(owner, "GET", `/api/reservations/${reservation.id}/invoice/pdf`)).json().message).toBe(
      "Esta reserva aún no tiene factura.",
    );
    // The party (2 people, 1 bag) belongs to the agreement, which describes the rental.
    const agreement = pdfText(
      (await send(owner, "GET", `/api/reservations/${reservation.id}/agreement/draft`)).rawPayload,
    ).replace(/\s+/g, " ");
    expect(agreement).toContain("Personas 2");
    expect(agreement).toContain("Maletas 1");
    const badNcf = await send(owner, "POST", `/api/reservations/${reservation.id}/check-in`, {
      odometer_km: 45_400,
      fuel_eighths: 6,
      ncf: "12345",
    });
    expect(badNcf.statusCode).toBe(422);
    expect(badNcf.json().errors).toEqual({
      ncf: ["El NCF es una letra seguida de 10 a 12 dígitos (por ejemplo B0100000001)."],
    });
    // A tax id is printed on the invoice: letters, digits and their separators only.
    const badTaxId = await send(owner, "POST", `/api/reservations/${reservation.id}/check-in`, {
      odometer_km: 45_400,
      fuel_eighths: 6,
      customer_tax_id: "🙂".repeat(15),
    });
    expect(badTaxId.statusCode).toBe(422);
    expect(badTaxId.json().errors).toEqual({
      customer_tax_id: [
        "El RNC o identificación fiscal lleva solo letras, números, espacios, puntos, guiones y barras.",
      ],
    });
    // Back 50 minutes after it left, days before the return booked: the invoice says when it truly was.
    const handedOut = clock.now();
    clock.advance(50 * 60_000);
    const handedBack = clock.now();
    const back = await send(owner, "POST", `/api/reservations/${reservation.id}/check-in`, {
      odometer_km: 45_400,
      fuel_eighths: 6,
      cleaning: false,
      damages: [{ reason: "Retrovisor roto", amount: "150" }],
      customer_tax_id: "001-1234567-8",
      ncf: "b0100000001",
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().counter.invoice).toMatchObject({
      number: 1,
      customer_tax_id: "001-1234567-8",
      ncf: "B0100000001",
    });
    // With charges to accept, the invoice's PDF waits for the customer's acceptance: the owner may
    // open it meanwhile, drawn as it stands, but it is neither kept nor sent.
    const [issued] = await db.select().from(invoices).where(eq(invoices.reservationId, reservation.id));
    expect(issued?.path).toBeNull();

    const pdf = await send(owner, "GET", `/api/reservations/${reservation.id}/invoice/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const [shown] = await db.select().from(invoices).where(eq(invoices.reservationId, reservation.id));
    expect(shown?.path).toBeNull();
    expect(await mailsOf(reservation.id, "reservation.invoice")).toEqual([]);
    const text = pdfText(pdf.rawPayload);
    for (const seen of [
      "Factura",
      "N.º 000001",
      "Flota Sol SRL",
      "RNC / identificación fiscal: 1-31-12345-6",
      "001-1234567-8",
      "B0100000001",
      "Daños: Retrovisor roto",
      "ITBIS de los cargos (18 %)",
      "Total de la factura (USD)",
      "Pendiente de pago",
      `Entregado ${onLandingClock(handedOut)}`,
      `Devuelto ${onLandingClock(handedBack)}`,
    ]) {
      expect(text).toContain(seen);
    }
    // An invoice bills the rental: who rode in it and their bags are not billed, so not printed.
    expect(text).not.toContain("Personas");
    expect(text).not.toContain("Maletas");
    const accepted = await send(
      owner,
      "POST",
      `/api/reservations/${reservation.id}/charges/acceptance`,
      await acceptanceOf(app, owner, reservation.id, "María José Peña"),
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.reservationId, reservation.id));
    expect(invoice?.path).toMatch(/^private\/invoices\/[\w-]+\.pdf$/);
    const [mail] = await mailsOf(reservation.id, "reservation.invoice");
    expect(mail?.attachments).toEqual([
      {
        filename: `${reservation.reference}-factura-000001.pdf`,
        path: invoice?.path,
        contentType: "application/pdf",
      },
    ]);
    // Downloading it again sends nothing more.
    await send(owner, "GET", `/api/reservations/${reservation.id}/invoice/pdf`);
    expect(await mailsOf(reservation.id, "reservation.invoice")).toHaveLength(1);
    // Back and invoiced: no more photos for it.
    const late = await multipart({
      kind: "damage",
      photo: { data: await jpegWithExif(), filename: "late.jpg", type: "image/jpeg" },
    });
    const photo = await app.inject({
      method: "POST",
      url: `/api/reservations/${reservation.id}/photos`,
      payload: late.payload,
      headers: { ...bearer(owner), ...late.headers, "accept-language": "es" },
    });
    expect(photo.statusCode).toBe(409);
    expect(photo.json().message).toBe(
      "Las fotos se toman en la entrega y la devolución de una reserva confirmada o en alquiler.",
    );
    const stranger = await signUp(app);
    expect((await send(stranger, "GET", `/api/reservations/${reservation.id}/invoice/pdf`)).statusCode).toBe(404);
  });
});

describe("the signature's caption", () => {
  const captions = {
    es: {
      drawn: "Firma manuscrita en pantalla, registrada por",
      typed: "Nombre escrito y aceptado como firma en pantalla, registrado por",
    },
    en: {
      drawn: "Handwritten signature on screen, recorded by",
      typed: "Name typed and adopted as the signature on screen, recorded by",
    },
  };

  it("says how the customer signed: drawn by hand, or with their typed name adopted as the signature", async () => {
    const { owner, landing, reservation } = await onRent();
    const image = Buffer.from((await signaturePng()).split(",")[1] ?? "", "base64");
    for (const language of ["es", "en"] as const) {
      const context = await documentContext(app.deps, owner.id, reservation.id, language);
      for (const kind of ["drawn", "typed"] as const) {
        const pdf = await drawAgreement({
          mail: context.mail,
          issuer: context.issuer,
          drivers: context.checkOut?.drivers ?? [],
          state: null,
          returnRates: [],
          terms: context.terms,
          signed: { version: 1, signerName: "María José Peña", signedAt: clock.now(), signaturePng: image, kind },
          drawnAt: clock.now(),
        });
        const text = pdfText(pdf);
        expect(text, `${language}, ${kind}`).toContain(`${captions[language][kind]} ${landing.display_name}.`);
        expect(text, `${language}, ${kind}`).not.toContain(captions[language][kind === "drawn" ? "typed" : "drawn"]);
      }
    }
  });

  it("claims neither when the signing does not say which (the pad's image alone), and says typed when told", async () => {
    const { owner, landing, reservation } = await onRent();
    const signed = await send(owner, "POST", `/api/reservations/${reservation.id}/agreements`, {
      signer_name: "María José Peña",
      signature: await signaturePng(),
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const text = pdfText((await send(owner, "GET", `/api/reservations/${reservation.id}/agreements/1/pdf`)).rawPayload);
    expect(text).toContain(`Firma en pantalla, registrada por ${landing.display_name}.`);
    expect(text).not.toContain("manuscrita");
    expect(text).not.toContain("Nombre escrito");

    // The counter's pad says how it was signed: the next version, with the typed name, says so.
    const typed = await send(owner, "POST", `/api/reservations/${reservation.id}/agreements`, {
      signer_name: "María José Peña",
      signature: await signaturePng(),
      signature_kind: "typed",
    });
    expect(typed.statusCode, typed.body).toBe(201);
    const second = pdfText(
      (await send(owner, "GET", `/api/reservations/${reservation.id}/agreements/2/pdf`)).rawPayload,
    );
    expect(second).toContain(
      `Nombre escrito y aceptado como firma en pantalla, registrado por ${landing.display_name}.`,
    );
    const odd = await send(owner, "POST", `/api/reservations/${reservation.id}/agreements`, {
      signer_name: "María José Peña",
      signature: await signaturePng(),
      signature_kind: "stamped",
    });
    expect(odd.statusCode).toBe(422);
  });
});

describe("the documents' text", () => {
  it("prints names and details in Polish, Greek and Cyrillic as typed, on the agreement and the invoice", async () => {
    const { owner, landing, reservation } = await pickedUp({ name: "Łukasz", last_name: "Wróbel" });
    const settings = await send(owner, "PUT", `/api/landings/${owner.id}/${landing.id}/document-settings`, {
      version: landing.version,
      legal_name: "Ελληνικά Οχήματα Α.Ε.",
      tax_id: "EL-094019245",
      address: "ul. Świętokrzyska 12, Łódź\nул. Тверская 7, Москва",
      terms_es: "Водитель возвращает автомобиль с тем же топливом.",
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const drivers = [
      { ...checkOutBody().drivers[0], name: "Иван Петров", licence_number: "77 АВ 123456", licence_country: "RU" },
      { ...checkOutBody().drivers[0], name: "Ελένη Παπαδοπούλου", licence_number: "ΑΒΓ-12345", licence_country: "GR" },
    ];
    const out = await send(owner, "POST", `/api/reservations/${reservation.id}/check-out`, {
      ...checkOutBody(),
      drivers,
    });
    expect(out.statusCode, out.body).toBe(200);
    // The clauses written in Spanish only are in the English agreement too, never left out of it.
    const english = pdfText(
      (await send(owner, "GET", `/api/reservations/${reservation.id}/agreement/draft?language=en`)).rawPayload,
    );
    expect(english).toContain("Rental agreement");
    expect(english).toContain("Водитель возвращает автомобиль с тем же топливом.");
    const signed = await send(owner, "POST", `/api/reservations/${reservation.id}/agreements`, {
      signer_name: "Łukasz Wróbel",
      signature: await signaturePng(),
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const agreement = pdfText(
      (await send(owner, "GET", `/api/reservations/${reservation.id}/agreements/1/pdf`)).rawPayload,
    );
    for (const seen of [
      "Ελληνικά Οχήματα Α.Ε. · EL-094019245",
      "ul. Świętokrzyska 12, Łódź",
      "ул. Тверская 7, Москва",
      "Łukasz Wróbel",
      "Иван Петров",
      "Licencia 77 АВ 123456 (Rusia)",
      "Ελένη Παπαδοπούλου",
      "Licencia ΑΒΓ-12345 (Grecia)",
      "Водитель возвращает автомобиль с тем же топливом.",
      "Firmado por Łukasz Wróbel",
    ]) {
      expect(agreement).toContain(seen);
    }
    const back = await send(owner, "POST", `/api/reservations/${reservation.id}/check-in`, {
      odometer_km: 45_400,
      fuel_eighths: 6,
      damages: [{ reason: "Разбитое зеркало", amount: "150" }],
    });
    expect(back.statusCode, back.body).toBe(200);
    const invoice = pdfText((await send(owner, "GET", `/api/reservations/${reservation.id}/invoice/pdf`)).rawPayload);
    for (const seen of [
      "Ελληνικά Οχήματα Α.Ε.",
      "ул. Тверская 7, Москва",
      "Łukasz Wróbel",
      "Daños: Разбитое зеркало",
    ]) {
      expect(invoice).toContain(seen);
    }
  });
});

describe("photos at the counter (issue 28.2)", () => {
  it("keeps a licence and a damage photo re-encoded and private, named by the check-out, for their owner only", async () => {
    const { owner, reservation } = await pickedUp();
    const upload = async (who: Owner, kind: string, data: Buffer, id = reservation.id) => {
      const body = await multipart({ kind, photo: { data, filename: "IMG_0001.jpg", type: "image/jpeg" } });
      return app.inject({
        method: "POST",
        url: `/api/reservations/${id}/photos`,
        payload: body.payload,
        headers: { ...bearer(who), ...body.headers, "accept-language": "es" },
      });
    };
    const licence = await upload(owner, "licence", await jpegWithExif(3000, 2000));
    expect(licence.statusCode, licence.body).toBe(201);
    const licenceId = licence.json().photo.id as number;
    expect(licence.json().photo).toEqual({
      id: licenceId,
      kind: "licence",
      url: `/api/reservations/${reservation.id}/photos/${licenceId}`,
    });
    const damageId = (await upload(owner, "damage", await jpegWithExif())).json().photo.id as number;
    const notImage = await upload(owner, "damage", Buffer.from("GIF89a not really"));
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().errors.photo).toEqual(["El archivo no es una imagen válida (JPEG, PNG, WebP, GIF o AVIF)."]);
    expect((await upload(owner, "passport", await jpegWithExif())).statusCode).toBe(422);

    const shown = await send(owner, "GET", `/api/reservations/${reservation.id}/photos/${licenceId}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toBe("image/jpeg");
    const metadata = await sharp(shown.rawPayload).metadata();
    expect([metadata.width, metadata.height, metadata.exif]).toEqual([1600, 1067, undefined]);
    const [stored] = await db.select().from(rentalPhotos).where(eq(rentalPhotos.id, licenceId));
    expect(stored?.path).toMatch(/^private\/photos\//);
    expect((await app.inject({ method: "GET", url: `/storage/${stored?.path}` })).statusCode).toBe(404);

    // A photo of the wrong kind, or of another booking, is refused under its field.
    const swapped = await send(
      owner,
      "POST",
      `/api/reservations/${reservation.id}/check-out`,
      checkOutBody({ licence: damageId, damage: licenceId }),
    );
    expect(swapped.statusCode).toBe(422);
    expect(swapped.json().errors).toEqual({
      "drivers.0.licence_photo_id": ["Esta foto no es de esta reserva."],
      "marks.0.photo_id": ["Esta foto no es de esta reserva."],
    });
    const out = await send(
      owner,
      "POST",
      `/api/reservations/${reservation.id}/check-out`,
      checkOutBody({ licence: licenceId, damage: damageId }),
    );
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().counter.check_out.drivers[0].licence_photo_id).toBe(licenceId);
    expect(out.json().counter.check_out.marks[0].photo_id).toBe(damageId);
    expect(out.json().counter.photos.map((photo: { id: number }) => photo.id)).toEqual([licenceId, damageId]);

    const stranger = await signUp(app);
    expect((await send(stranger, "GET", `/api/reservations/${reservation.id}/photos/${licenceId}`)).statusCode).toBe(
      404,
    );
    expect((await upload(stranger, "licence", await jpegWithExif())).statusCode).toBe(404);
    const other = await pickedUp();
    const theirs = await send(
      other.owner,
      "POST",
      `/api/reservations/${other.reservation.id}/check-out`,
      checkOutBody({ licence: licenceId }),
    );
    expect(theirs.json().errors).toEqual({ "drivers.0.licence_photo_id": ["Esta foto no es de esta reserva."] });
  });
});

describe("uploads no record names (a retake, a form reloaded)", () => {
  it("shows and counts only the photos the check-out named; a replaced upload goes at once, the others a day later", async () => {
    const { owner, reservation } = await pickedUp();
    const upload = async (kind: string, replaces?: number) => {
      const body = await multipart({
        kind,
        ...(replaces !== undefined && { replaces: String(replaces) }),
        photo: { data: await jpegWithExif(), filename: "IMG_0002.jpg", type: "image/jpeg" },
      });
      const response = await app.inject({
        method: "POST",
        url: `/api/reservations/${reservation.id}/photos`,
        payload: body.payload,
        headers: { ...bearer(owner), ...body.headers, "accept-language": "es" },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().photo.id as number;
    };
    const rowsOf = () =>
      db
        .select()
        .from(rentalPhotos)
        .where(eq(rentalPhotos.reservationId, reservation.id))
        .orderBy(asc(rentalPhotos.id));
    // The licence taken, the form reloaded and taken again, then retaken twice in the form.
    const abandoned = await upload("licence");
    const reloaded = await upload("licence");
    const retaken = await upload("licence", reloaded);
    const [replacedPath] = (await rowsOf()).filter((row) => row.id === reloaded).map((row) => row.path);
    expect(replacedPath).toBeUndefined();
    const licence = await upload("licence", retaken);
    const damage = await upload("damage");
    expect((await rowsOf()).map((row) => row.id)).toEqual([abandoned, licence, damage]);

    const out = await send(
      owner,
      "POST",
      `/api/reservations/${reservation.id}/check-out`,
      checkOutBody({ licence, damage }),
    );
    expect(out.statusCode, out.body).toBe(200);
    // "Fotos del mostrador" shows what the check-out names, nothing else.
    expect(out.json().counter.photos.map((photo: { id: number }) => photo.id)).toEqual([licence, damage]);
    const view = await send(owner, "GET", `/api/reservations/${reservation.id}/counter`);
    expect(view.json().photos.map((photo: { id: number; kind: string }) => [photo.id, photo.kind])).toEqual([
      [licence, "licence"],
      [damage, "damage"],
    ]);
    const kept = await db
      .select({ id: rentalPhotos.id })
      .from(rentalPhotos)
      .where(and(eq(rentalPhotos.reservationId, reservation.id), isNotNull(rentalPhotos.attachedAt)));
    expect(kept.map((row) => row.id).sort()).toEqual([licence, damage].sort());

    // 57 more uploads no record names: they do not count toward the booking's 60 photos.
    await db.insert(rentalPhotos).values(
      Array.from({ length: 57 }, (_, index) => ({
        reservationId: reservation.id,
        landingId: (out.json().reservation as { id_landing: number }).id_landing,
        kind: "damage",
        path: `private/photos/unused-${index}.jpg`,
        createdAt: clock.now(),
      })),
    );
    const another = await upload("damage");
    const [abandonedRow] = (await rowsOf()).filter((row) => row.id === abandoned);
    const abandonedFile = abandonedRow?.path ?? "";
    expect((await storage.get(abandonedFile)).length).toBeGreaterThan(0);

    // A day later the uploads no record named are gone, files too; the check-out's photos stay.
    clock.advance(25 * 3_600_000);
    // The sweep is the platform's: on a database shared with other test files, theirs may go too.
    expect((await sweepUnattachedPhotos(app.deps)).removed).toBeGreaterThanOrEqual(59);
    expect((await rowsOf()).map((row) => row.id)).toEqual([licence, damage]);
    await expect(storage.get(abandonedFile)).rejects.toThrow();
    expect(another).toBeGreaterThan(damage);
    const again = await signIn(app, owner);
    const shown = await send(again, "GET", `/api/reservations/${reservation.id}/photos/${licence}`);
    expect(shown.statusCode).toBe(200);
    await sweepUnattachedPhotos(app.deps);
    expect((await rowsOf()).map((row) => row.id)).toEqual([licence, damage]);
  });
});

describe("the landing's document settings", () => {
  it("refuses text beyond its limits and a stale version, and keeps another owner out", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const url = `/api/landings/${owner.id}/${landing.id}/document-settings`;
    const tooLong = await send(owner, "PUT", url, {
      version: landing.version,
      legal_name: "S".repeat(121),
      tax_id: "1".repeat(31),
      address: "A".repeat(301),
      terms_es: "T".repeat(8_001),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys(tooLong.json().errors).sort()).toEqual(["address", "legal_name", "tax_id", "terms_es"]);
    const oddTaxId = await send(owner, "PUT", url, { version: landing.version, tax_id: "<b>RNC</b>" });
    expect(oddTaxId.statusCode).toBe(422);
    expect(Object.keys(oddTaxId.json().errors)).toEqual(["tax_id"]);
    const saved = await send(owner, "PUT", url, { version: landing.version, legal_name: "Flota Sol SRL" });
    expect(saved.statusCode).toBe(200);
    const stale = await send(owner, "PUT", url, { version: landing.version, legal_name: "Otra" });
    expect(stale.statusCode).toBe(409);
    const stranger = await signUp(app);
    const theirs = await send(stranger, "PUT", `/api/landings/${stranger.id}/${landing.id}/document-settings`, {
      version: saved.json().landing.version,
      legal_name: "Intruso",
    });
    expect(theirs.statusCode).toBe(404);
  });
});
