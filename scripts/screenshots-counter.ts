/**
 * Captures the rental counter (issue 28): the check-out form (drivers, fuel, damage diagram, items),
 * the check-in form beside check-out's marks, a return's charges, the counter's rules in "Reglas y
 * tarifas", and a refusal under its field; in Spanish and English, on a desktop and a phone, into
 * ./screenshots/counter/. Needs a running server (`npm run screenshots -- counter` starts one).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import {
  apiAccount,
  capture,
  LANGUAGES,
  type Language,
  landingWithFleet,
  newScreenContext,
  ok,
  runScreenshots,
  type ScreenAccount,
  signInThroughForm,
  VIEWPORT_NAMES,
  type ViewportName,
} from "./screenshots-support";

const OUT_DIR = path.resolve("screenshots", "counter");
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const DRIVER = {
  name: "María José Peña",
  licence_number: "001-1234567-8",
  licence_country: "DO",
  licence_expiry: "2031-05-31",
  birth_date: "1988-06-15",
};

/** A signature as the pad sends it, and a photo as a phone's camera takes it. */
const signaturePng = async () =>
  `data:image/png;base64,${(
    await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M30 150 C 110 20, 200 190, 290 70 S 470 150, 570 50" stroke="#111827" stroke-width="5" fill="none"/></svg>',
      ),
    )
      .png()
      .toBuffer()
  ).toString("base64")}`;
const licencePhoto = async () => ({
  name: "licencia.jpg",
  mimeType: "image/jpeg",
  buffer: await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540"><rect width="856" height="540" rx="30" fill="#dbeafe"/><rect x="40" y="120" width="220" height="280" rx="12" fill="#93c5fd"/><rect x="300" y="140" width="480" height="28" fill="#1e3a8a"/><rect x="300" y="200" width="380" height="22" fill="#3b82f6"/><rect x="300" y="250" width="420" height="22" fill="#3b82f6"/></svg>',
    ),
  )
    .jpeg()
    .toBuffer(),
});

/** One of the booking's PDFs, its pages turned into PNGs beside the screenshots (pdftoppm). */
async function pdfPages(page: Page, url: string, name: string) {
  const response = await page.request.get(url);
  if (response.status() !== 200) throw new Error(`${url} answered ${response.status()}`);
  const file = path.join(OUT_DIR, `${name}.pdf`);
  fs.writeFileSync(file, await response.body());
  execFileSync("pdftoppm", ["-r", "70", "-png", file, path.join(OUT_DIR, name)]);
  fs.rmSync(file);
}

/** A landing with counter rules, and three bookings picked up today: one to check out, one out, one back. */
async function seedCounter(owner: ScreenAccount) {
  const landing = await landingWithFleet(owner);
  const current = await ok<{ version: number }>(await owner.api.get(`/api/landings/${owner.id}/${landing.id}`));
  await ok(
    await owner.api.put(`/api/landings/${owner.id}/${landing.id}/counter-rules`, {
      data: {
        version: current.version,
        km_included_per_day: "200",
        extra_km_fee: "0.25",
        fuel_eighth_fee: "9.50",
        late_grace_minutes: "59",
        late_hour_fee: "12",
        cleaning_fee: "40",
        additional_driver_fee: "8",
      },
    }),
  );
  await ok(
    await owner.api.put(`/api/landings/${owner.id}/${landing.id}/document-settings`, {
      data: {
        version: current.version + 1,
        legal_name: "Autos Caribe SRL",
        tax_id: "1-31-12345-6",
        address: "Av. España 22, Bávaro\nLa Altagracia, República Dominicana",
        terms_es:
          "El vehículo se devuelve con el mismo nivel de combustible.\n\nNo se permite fumar ni llevar mascotas sin jaula.\n\nLas multas de tránsito durante el alquiler corren por cuenta del arrendatario.",
        terms_en:
          "Return the vehicle with the same fuel level.\n\nNo smoking, and pets only in a carrier.\n\nTraffic fines during the rental are the renter's.",
      },
    }),
  );
  const book = async (name: string) =>
    (
      await ok<{ reservation: { id: number } }>(
        await owner.api.post(`/api/landings/${landing.id}/reservations`, {
          data: {
            id_vehicle: landing.vehicles[0],
            place_of_departure: "Aeropuerto de Punta Cana",
            arrival_place: "Bávaro",
            date_of_departure: day(0),
            time_of_departure: "23:30",
            date_of_arrival: day(3),
            time_of_arrival: "23:30",
            number_person: 2,
            name,
            last_name: "Peña",
            phone: "+1 809 555 0101",
          },
        }),
      )
    ).reservation.id;
  const toCheckOut = await book("María José");
  const out = await book("Luis");
  const back = await book("Carmen");
  for (const id of [out, back]) {
    const photo = await ok<{ photo: { id: number } }>(
      await owner.api.post(`/api/reservations/${id}/photos`, {
        multipart: { kind: "licence", photo: await licencePhoto() },
      }),
    );
    await ok(
      await owner.api.post(`/api/reservations/${id}/check-out`, {
        data: {
          odometer_km: 12_000,
          fuel_eighths: 8,
          drivers: [
            { ...DRIVER, licence_photo_id: photo.photo.id },
            { ...DRIVER, name: "Luis Peña", birth_date: "1985-02-01" },
          ],
          items: ["Silla de niño", "GPS"],
          marks: [
            { zone: "left_rear_door", note: "Rayón de 5 cm" },
            { zone: "front_bumper", note: "Golpe pequeño" },
          ],
        },
      }),
    );
  }
  await ok(
    await owner.api.post(`/api/reservations/${back}/agreements`, {
      data: { signer_name: "Carmen Peña", signature: await signaturePng() },
    }),
  );
  await ok(
    await owner.api.post(`/api/reservations/${back}/check-in`, {
      data: {
        odometer_km: 12_750,
        fuel_eighths: 6,
        customer_tax_id: "001-7654321-0",
        ncf: "B0100000042",
        cleaning: true,
        marks: [{ zone: "hood", note: "Piedra en el capó" }],
        damages: [{ reason: "Piedra en el capó", amount: "60" }],
      },
    }),
  );
  // A visitor's booking, out on rent: what the customer's own page says.
  const visitor = await ok<{ id: number; reference: string; customer_token: string }>(
    await owner.api.post("/api/reservations", {
      data: {
        id_landing: landing.id,
        id_vehicle: landing.vehicles[1],
        place_of_departure: "Aeropuerto de Punta Cana",
        arrival_place: "Bávaro",
        date_of_departure: day(0),
        time_of_departure: "23:30",
        date_of_arrival: day(2),
        time_of_arrival: "23:30",
        number_person: 2,
        name: "Rosa",
        last_name: "Almonte",
        email: "rosa@example.com",
        phone: "+1 809 555 0111",
        terms_accepted: true,
      },
    }),
  );
  await ok(await owner.api.patch(`/api/reservations/${visitor.id}/status`, { data: { status: "confirmed" } }));
  await ok(
    await owner.api.post(`/api/reservations/${visitor.id}/check-out`, {
      data: { odometer_km: 30_000, fuel_eighths: 8, drivers: [{ ...DRIVER, name: "Rosa Almonte" }] },
    }),
  );
  // A visitor's booking confirmed and not yet picked up: their page and its express pickup.
  const traveller = await ok<{ id: number; reference: string; customer_token: string }>(
    await owner.api.post("/api/reservations", {
      data: {
        id_landing: landing.id,
        id_vehicle: landing.vehicles[1],
        place_of_departure: "Aeropuerto de Punta Cana",
        arrival_place: "Bávaro",
        date_of_departure: day(1),
        time_of_departure: "10:00",
        date_of_arrival: day(4),
        time_of_arrival: "10:00",
        number_person: 2,
        name: "Diego",
        last_name: "Martínez",
        email: "diego@example.com",
        phone: "+1 809 555 0122",
        terms_accepted: true,
      },
    }),
  );
  await ok(await owner.api.patch(`/api/reservations/${traveller.id}/status`, { data: { status: "confirmed" } }));
  return { landingId: landing.id, landingName: landing.name, toCheckOut, out, back, visitor, traveller };
}

type Seeded = Awaited<ReturnType<typeof seedCounter>>;

async function shoot(
  browser: Browser,
  owner: ScreenAccount,
  seeded: Seeded,
  viewport: ViewportName,
  language: Language,
) {
  const context = await newScreenContext(browser, viewport, language);
  const page = await context.newPage();
  await signInThroughForm(page, owner.email);
  const prefix = `${viewport}-${language}`;

  await page.goto(`/reservation/${seeded.toCheckOut}/counter`);
  await page
    .getByRole("button", { name: /Parachoques trasero|Rear bumper/ })
    .first()
    .click();
  await capture(page, OUT_DIR, `${prefix}-check-out`, { fullPage: true });
  await page.getByLabel(/Tomar foto de la licencia|Take licence photo/).setInputFiles(await licencePhoto());
  await page.getByRole("img", { name: /Foto de la licencia|Licence photo/ }).waitFor();
  await capture(page, OUT_DIR, `${prefix}-check-out-photo`);
  // A licence that expired: refused under its field.
  await page.getByLabel(/Número de licencia|Licence number/).fill("X-1");
  await page.getByLabel(/Vence el|Expires on/).fill("2020-01-31");
  await page.getByRole("button", { name: /Registrar entrega|Record check-out/ }).click();
  await page.getByText(/Revisa los campos marcados|Check the fields marked/).waitFor();
  await capture(page, OUT_DIR, `${prefix}-check-out-refused`, { fullPage: true });

  await page.goto(`/reservation/${seeded.out}/counter`);
  await page
    .getByRole("heading", { name: /Entrega|Check-out/ })
    .first()
    .waitFor();
  await capture(page, OUT_DIR, `${prefix}-check-in`, { fullPage: true });
  // The agreement at the counter: a signature refused as missing, then drawn on the pad.
  await page.getByRole("button", { name: /Firmar contrato|Sign the agreement/ }).click();
  await page.getByText(/Falta la firma|The signature is missing/).waitFor();
  await capture(page, OUT_DIR, `${prefix}-agreement-unsigned`);
  await pdfPages(
    page,
    `/api/reservations/${seeded.out}/agreement/draft?language=${language}`,
    `${prefix}-agreement-draft`,
  );

  await page.goto(`/reservation/${seeded.back}/counter`);
  await page.getByTestId("return-charges").waitFor();
  await capture(page, OUT_DIR, `${prefix}-returned`, { fullPage: true });
  if (viewport === VIEWPORT_NAMES[0]) {
    await pdfPages(page, `/api/reservations/${seeded.back}/agreements/1/pdf`, `${prefix}-agreement-signed`);
    await pdfPages(page, `/api/reservations/${seeded.back}/invoice/pdf`, `${prefix}-invoice`);
  }

  // Around the counter: a booking's detail, Inicio, the planner, the list, the customer's page, the help.
  await page.goto("/reservation?status=on_rent");
  await page.getByRole("main").getByText(/^NLY-/).filter({ visible: true }).first().waitFor();
  await capture(page, OUT_DIR, `${prefix}-list-on-rent`, { fullPage: true });
  await page.goto("/reservation");
  const detailButton = page
    .getByRole("button", { name: /^(Ver detalle |See details )?NLY-/ })
    .filter({ visible: true })
    .first();
  await detailButton.click();
  await page.getByRole("dialog").waitFor();
  await capture(page, OUT_DIR, `${prefix}-detail`, { settleAnimations: true });
  await page.keyboard.press("Escape");
  await page.goto("/dashboard");
  await page.getByTestId("counter-strip").waitFor();
  await capture(page, OUT_DIR, `${prefix}-inicio`, { fullPage: true });
  await page.goto("/planner");
  await capture(page, OUT_DIR, `${prefix}-planner`, { fullPage: true });
  await page.goto("/help#help-reservations");
  await capture(page, OUT_DIR, `${prefix}-help`, { fullPage: true });
  const customer = await context.newPage();
  await customer.goto(
    `/${seeded.landingName}/reservation/${seeded.visitor.reference}?t=${seeded.visitor.customer_token}&lang=${language}`,
  );
  await capture(customer, OUT_DIR, `${prefix}-customer-page`, { fullPage: true });
  // Express pickup (issue 28.6): the card on the customer's page, then the page itself, empty and done.
  const own = `/${seeded.landingName}/reservation/${seeded.traveller.reference}`;
  const token = `t=${seeded.traveller.customer_token}&lang=${language}`;
  await customer.goto(`${own}?${token}`);
  await customer.getByTestId("express-card").waitFor();
  await capture(customer, OUT_DIR, `${prefix}-customer-express-card`, { fullPage: true });
  await customer.goto(`${own}/express?${token}`);
  await customer.getByRole("heading", { level: 1 }).waitFor();
  await capture(customer, OUT_DIR, `${prefix}-express`, { fullPage: true });
  if (language === "en" && viewport === VIEWPORT_NAMES[0]) {
    // Filled in once (the first English pass, after the Spanish one saw it empty): drivers saved,
    // signed; every later pass shows it done.
    await customer.getByLabel("Licence number").fill("DM-778812");
    await customer.getByLabel("Issuing country").selectOption("ES");
    await customer.getByLabel("Expires on").fill("2032-03-31");
    await customer.getByLabel("Date of birth").fill("1990-04-12");
    await customer.getByLabel("Take a photo of the licence").setInputFiles(await licencePhoto());
    await customer.getByRole("img", { name: "Licence photo" }).waitFor();
    await customer.getByRole("button", { name: "Save the drivers" }).click();
    await customer.getByText("Drivers saved.").waitFor();
    await customer.getByRole("button", { name: "Sign with the typed name" }).click();
    await customer.getByRole("button", { name: "Sign the agreement" }).click();
    await customer.getByTestId("express-done").waitFor();
    await capture(customer, OUT_DIR, `${prefix}-express-done`, { fullPage: true });
  }
  // Where the owner sees it done: the list (a badge), Inicio's pickups and the planner (after the first English pass).
  await page.goto("/reservation");
  await page.getByRole("main").getByText(/^NLY-/).filter({ visible: true }).first().waitFor();
  await capture(page, OUT_DIR, `${prefix}-list-express`, { fullPage: true });
  await page.goto("/dashboard");
  await page.getByTestId("counter-strip").waitFor();
  await capture(page, OUT_DIR, `${prefix}-inicio-express`, { fullPage: true });
  await page.goto("/planner");
  await page.getByRole("heading", { level: 1 }).waitFor();
  await capture(page, OUT_DIR, `${prefix}-planner-express`, { fullPage: true });
  await customer.close();

  await page.goto(`/view-landing/${seeded.landingId}?tab=rules`);
  const rules = page.getByRole("form", { name: /Entrega y devolución|Check-out and return/ });
  await rules.scrollIntoViewIfNeeded();
  await capture(page, OUT_DIR, `${prefix}-counter-rules`);
  const documents = page.getByRole("form", { name: /Contrato y factura|Agreement and invoice/ });
  await documents.scrollIntoViewIfNeeded();
  await capture(page, OUT_DIR, `${prefix}-document-settings`);
  await context.close();
}

runScreenshots(OUT_DIR, async (browser) => {
  const owner = await apiAccount("counter", "Autos Caribe");
  const seeded = await seedCounter(owner);
  for (const viewport of VIEWPORT_NAMES) {
    for (const language of LANGUAGES) await shoot(browser, owner, seeded, viewport, language);
  }
});
