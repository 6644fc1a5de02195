/**
 * Captures the rental counter (issue 28): the check-out form (drivers, fuel, damage diagram, items),
 * the check-in form beside check-out's marks, a return's charges, the counter's rules in "Reglas y
 * tarifas", and a refusal under its field; in Spanish and English, on a desktop and a phone, into
 * ./screenshots/counter/. Needs a running server (`npm run screenshots -- counter` starts one).
 */
import path from "node:path";
import type { Browser } from "@playwright/test";
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
    await ok(
      await owner.api.post(`/api/reservations/${id}/check-out`, {
        data: {
          odometer_km: 12_000,
          fuel_eighths: 8,
          drivers: [DRIVER, { ...DRIVER, name: "Luis Peña", birth_date: "1985-02-01" }],
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
    await owner.api.post(`/api/reservations/${back}/check-in`, {
      data: {
        odometer_km: 12_750,
        fuel_eighths: 6,
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
  return { landingId: landing.id, landingName: landing.name, toCheckOut, out, back, visitor };
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

  await page.goto(`/reservation/${seeded.back}/counter`);
  await page.getByTestId("return-charges").waitFor();
  await capture(page, OUT_DIR, `${prefix}-returned`, { fullPage: true });

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
  await customer.close();

  await page.goto(`/view-landing/${seeded.landingId}?tab=rules`);
  const rules = page.getByRole("form", { name: /Entrega y devolución|Check-out and return/ });
  await rules.scrollIntoViewIfNeeded();
  await capture(page, OUT_DIR, `${prefix}-counter-rules`);
  await context.close();
}

runScreenshots(OUT_DIR, async (browser) => {
  const owner = await apiAccount("counter", "Autos Caribe");
  const seeded = await seedCounter(owner);
  for (const viewport of VIEWPORT_NAMES) {
    for (const language of LANGUAGES) await shoot(browser, owner, seeded, viewport, language);
  }
});
