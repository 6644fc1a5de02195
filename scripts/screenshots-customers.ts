/**
 * Captures "Clientes" (issue 28.7): the list, the list with nobody yet, a customer's page (contact,
 * totals in two currencies, the licence on file, notes, history), the "No rentar" and erase
 * dialogs, an erase refused, a customer marked "No rentar" and one erased, a booking's detail with
 * its link to the customer, the desk's refusal, and the public site's neutral refusal; in Spanish
 * and English, on a 1280 px desktop and a phone, into ./screenshots/customers/. Needs a running
 * server (`npm run screenshots -- customers` starts one).
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

const OUT_DIR = path.resolve("screenshots", "customers");
const DESKTOP = { width: 1280, height: 800 };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const MARIA = { name: "María José", last_name: "Peña", email: "maria.pena@example.com", phone: "+1 809 555 0101" };
const JUAN = { name: "Juan", last_name: "Ramírez", email: "juan.ramirez@example.com", phone: "+1 829 555 0177" };
const DRIVER = {
  name: "María José Peña",
  licence_number: "001-1234567-8",
  licence_country: "DO",
  licence_expiry: "2031-05-31",
  birth_date: "1988-06-15",
};

type Landing = Awaited<ReturnType<typeof landingWithFleet>>;
type Who = { name: string; last_name: string; email?: string; phone: string };

/** The trip every booking here makes, `start` days from today (today's at 23:30, so it can go out now). */
const trip = (landing: Landing, start: number, length: number, vehicle = 0) => ({
  id_vehicle: landing.vehicles[vehicle],
  place_of_departure: "Aeropuerto de Punta Cana",
  arrival_place: "Bávaro",
  date_of_departure: day(start),
  time_of_departure: "23:30",
  date_of_arrival: day(start + length),
  time_of_arrival: "23:30",
  number_person: 2,
});

async function atDesk(owner: ScreenAccount, landing: Landing, who: Who, start: number, length = 3, vehicle = 0) {
  return (
    await ok<{ reservation: { id: number; reference: string } }>(
      await owner.api.post(`/api/landings/${landing.id}/reservations`, {
        data: { ...trip(landing, start, length, vehicle), ...who },
      }),
    )
  ).reservation;
}

async function onSite(owner: ScreenAccount, landing: Landing, who: Who, start: number, length = 3) {
  return ok<{ id: number; reference: string }>(
    await owner.api.post("/api/reservations", {
      data: { id_landing: landing.id, ...trip(landing, start, length, 1), ...who, terms_accepted: true },
    }),
  );
}

const checkOut = (owner: ScreenAccount, id: number, driver = DRIVER) =>
  owner.api.post(`/api/reservations/${id}/check-out`, {
    data: { odometer_km: 12_000, fuel_eighths: 8, drivers: [driver] },
  });

async function customerOf(owner: ScreenAccount, email: string) {
  const list = await ok<{ customers: { id: number; version?: number }[] }>(
    await owner.api.get(`/api/customers?q=${encodeURIComponent(email)}`),
  );
  const found = list.customers[0];
  if (!found) throw new Error(`no customer ${email}`);
  return ok<{ id: number; version: number }>(await owner.api.get(`/api/customers/${found.id}`));
}

/**
 * An owner with two landings (one in euros) and five customers: María, a regular with a rental
 * returned at the counter (licence on file, return charges), one out in euros, one to come and one
 * cancelled, and notes; Juan, marked "No rentar"; Luis, whose request waits; Ana, booked by phone
 * without an email; and a customer erased on request.
 */
async function seed(owner: ScreenAccount) {
  const landing = await landingWithFleet(owner);
  const euros = await landingWithFleet(owner);
  const current = await ok<{ version: number }>(await owner.api.get(`/api/landings/${owner.id}/${euros.id}`));
  await ok(
    await owner.api.post(`/api/landing-update/${owner.id}/${euros.id}`, {
      data: {
        version: String(current.version),
        display_name: "Autos Caribe Madrid",
        color_primary: "#0f766e",
        color_secondary: "#f59e0b",
        default_language: "es",
        currency: "EUR",
        time_zone: "America/Santo_Domingo",
      },
    }),
  );

  const gone = await onSite(
    owner,
    landing,
    { name: "Rosa", last_name: "Olvido", email: "rosa@example.com", phone: "+1 809 555 0999" },
    30,
  );
  await ok(await owner.api.patch(`/api/reservations/${gone.id}/status`, { data: { status: "cancelled" } }));
  await ok(await owner.api.post(`/api/customers/${(await customerOf(owner, "rosa@example.com")).id}/erase`));

  const juan = await onSite(owner, landing, JUAN, 25);
  await ok(await owner.api.patch(`/api/reservations/${juan.id}/status`, { data: { status: "cancelled" } }));
  const juanRecord = await customerOf(owner, JUAN.email);
  await ok(
    await owner.api.put(`/api/customers/${juanRecord.id}/do-not-rent`, {
      data: {
        do_not_rent: true,
        reason: "Devolvió el auto con un golpe en la puerta y no pagó la franquicia.",
        version: juanRecord.version,
      },
    }),
  );

  await atDesk(owner, landing, { name: "Ana", last_name: "Almonte", phone: "+1 849 555 0123" }, 8, 2);
  await onSite(
    owner,
    landing,
    { name: "Luis", last_name: "Gómez", email: "luis.gomez@example.com", phone: "+1 809 555 0144" },
    15,
  );

  // María: returned today with extra kilometres, out in euros, one to come, one cancelled.
  const returned = await atDesk(owner, landing, MARIA, 0, 3);
  await ok(await checkOut(owner, returned.id));
  await ok(
    await owner.api.post(`/api/reservations/${returned.id}/check-in`, {
      data: { odometer_km: 12_750, fuel_eighths: 6, damages: [{ reason: "Rayón en la puerta", amount: "60" }] },
    }),
  );
  const out = await atDesk(owner, euros, MARIA, 0, 4);
  await ok(await checkOut(owner, out.id));
  const ahead = await onSite(owner, landing, { ...MARIA, email: "MARIA.PENA@example.com" }, 12);
  await ok(await owner.api.patch(`/api/reservations/${ahead.id}/status`, { data: { status: "confirmed" } }));
  const dropped = await onSite(
    owner,
    landing,
    { ...MARIA, email: "mjpena@trabajo.example", phone: "809-555-0101" },
    40,
    2,
  );
  await ok(await owner.api.patch(`/api/reservations/${dropped.id}/status`, { data: { status: "cancelled" } }));
  const maria = await customerOf(owner, MARIA.email);
  await ok(
    await owner.api.put(`/api/customers/${maria.id}/notes`, {
      data: {
        notes:
          "Cliente frecuente desde 2023. Prefiere SUV y pide silla de niño para su hija.\nPaga siempre con tarjeta.",
        version: maria.version,
      },
    }),
  );
  return { landing, maria: maria.id, juan: juanRecord.id, ahead };
}

type Seeded = Awaited<ReturnType<typeof seed>>;

const words = (language: Language) =>
  language === "es"
    ? {
        mark: "Marcar «No rentar»",
        erase: "Eliminar datos personales",
        eraseConfirm: "Eliminar sus datos",
        erased: "Cliente eliminado",
        cancel: "Cancelar",
      }
    : {
        mark: "Mark “Do not rent”",
        erase: "Erase personal data",
        eraseConfirm: "Erase their data",
        erased: "Erased customer",
        cancel: "Cancel",
      };

async function newContext(browser: Browser, viewport: ViewportName, language: Language) {
  return newScreenContext(browser, viewport, language, viewport === "desktop" ? { viewport: DESKTOP } : {});
}

async function shootOwner(
  browser: Browser,
  owner: ScreenAccount,
  seeded: Seeded,
  viewport: ViewportName,
  language: Language,
) {
  const context = await newContext(browser, viewport, language);
  const page = await context.newPage();
  await signInThroughForm(page, owner.email);
  const prefix = `${viewport}-${language}`;
  const say = words(language);
  const main = page.getByRole("main");

  await page.goto("/customers");
  await main.getByText("María José Peña").filter({ visible: true }).first().waitFor();
  await capture(page, OUT_DIR, `${prefix}-list`, { fullPage: true });
  await page.goto("/customers?flagged=true");
  await main.getByText("Juan Ramírez").filter({ visible: true }).first().waitFor();
  await capture(page, OUT_DIR, `${prefix}-list-flagged`);
  await page.goto("/customers?q=nadie");
  await main.getByRole("heading", { level: 2 }).first().waitFor();
  await capture(page, OUT_DIR, `${prefix}-list-no-matches`);

  await page.goto(`/customers/${seeded.maria}`);
  await main.getByRole("heading", { level: 1, name: "María José Peña" }).waitFor();
  await main.getByTestId("customer-booking").filter({ visible: true }).first().waitFor();
  await capture(page, OUT_DIR, `${prefix}-detail`, { fullPage: true });

  await main.getByRole("button", { name: say.mark }).click();
  await page.getByRole("dialog").waitFor();
  await page.getByRole("dialog").getByRole("textbox").fill("Llamó para insultar al personal del mostrador.");
  await capture(page, OUT_DIR, `${prefix}-flag-dialog`, { settleAnimations: true });
  await page.getByRole("dialog").getByRole("button", { name: say.cancel }).click();
  await page.getByRole("dialog").waitFor({ state: "detached" });

  await main.getByRole("button", { name: say.erase }).click();
  await page.getByRole("dialog").waitFor();
  await capture(page, OUT_DIR, `${prefix}-erase-dialog`, { settleAnimations: true });
  // María has a car out and a booking to come: the erasure is refused, in the dialog.
  await page.getByRole("dialog").getByRole("button", { name: say.eraseConfirm }).click();
  await page.getByRole("dialog").getByRole("alert").waitFor();
  await capture(page, OUT_DIR, `${prefix}-erase-refused`, { settleAnimations: true });
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached" });

  // A booking of her history, in the reservations' own dialog, with its link back to her.
  await main
    .getByRole("button", { name: new RegExp(seeded.ahead.reference) })
    .filter({ visible: true })
    .click();
  await page.getByRole("dialog").waitFor();
  await capture(page, OUT_DIR, `${prefix}-booking-detail`, { settleAnimations: true });
  await page.keyboard.press("Escape");

  await page.goto(`/customers/${seeded.juan}`);
  await main.getByRole("heading", { level: 1, name: "Juan Ramírez" }).waitFor();
  await capture(page, OUT_DIR, `${prefix}-detail-flagged`, { fullPage: true });

  await page.goto("/customers");
  await main.getByText(say.erased).filter({ visible: true }).first().click();
  await main.getByRole("heading", { level: 1, name: say.erased }).waitFor();
  await capture(page, OUT_DIR, `${prefix}-detail-erased`, { fullPage: true });

  // The desk: a booking taken by phone for Juan is refused, naming the mark.
  await page.goto("/reservation");
  await main.getByRole("button", { name: /Nueva reserva|New reservation/ }).click();
  const sheet = page.getByRole("dialog");
  await sheet.waitFor();
  await sheet.getByLabel("Landing", { exact: true }).selectOption({ index: 1 });
  await sheet.getByLabel(/^(Vehículo|Vehicle)$/).selectOption({ index: 1 });
  await sheet.getByLabel(/^(Nombre|First name)$/).fill(JUAN.name);
  await sheet.getByLabel(/^(Teléfono|Phone)$/).fill(JUAN.phone);
  await sheet.getByText(/Hay una unidad libre|A unit is free/).waitFor();
  await sheet.getByRole("button", { name: /Guardar reserva|Save reservation/ }).click();
  await sheet.getByText(/«No rentar»|“Do not rent”/).waitFor();
  // The refusal is said under the phone it matched: bring both to the middle of the sheet.
  await sheet.getByLabel(/^(Teléfono|Phone)$/).evaluate((field) => field.scrollIntoView({ block: "center" }));
  await capture(page, OUT_DIR, `${prefix}-desk-refused`, { settleAnimations: true });
  await context.close();
}

/** Juan tries to book on the public site: the neutral refusal, nothing more. */
async function shootPublic(browser: Browser, seeded: Seeded, viewport: ViewportName, language: Language) {
  const context = await newContext(browser, viewport, language);
  const page = await context.newPage();
  const query = new URLSearchParams({
    pickup: "Aeropuerto de Punta Cana",
    dropoff: "Bávaro",
    from: day(20),
    fromTime: "10:00",
    to: day(23),
    toTime: "10:00",
    seats: "2",
    vehicle: String(seeded.landing.vehicles[0]),
    lang: language,
  });
  await page.goto(`/${seeded.landing.name}/review?${query}`);
  await page.locator("html.hydrated").waitFor({ state: "attached" });
  await page.getByTestId("contact-name").fill(JUAN.name);
  await page.getByTestId("contact-last_name").fill(JUAN.last_name);
  await page.getByTestId("contact-email").fill(JUAN.email);
  await page.getByTestId("contact-phone").fill(JUAN.phone);
  await page.getByTestId("contact-terms").check();
  await page.getByTestId("reserve").click();
  const problem = page.getByTestId("submit-problem");
  await problem.waitFor();
  await problem.scrollIntoViewIfNeeded();
  await capture(page, OUT_DIR, `${viewport}-${language}-public-refused`);
  await context.close();
}

async function shootEmpty(browser: Browser, empty: ScreenAccount, viewport: ViewportName, language: Language) {
  const context = await newContext(browser, viewport, language);
  const page = await context.newPage();
  await signInThroughForm(page, empty.email);
  await page.goto("/customers");
  await page.getByRole("main").getByRole("heading", { level: 2 }).waitFor();
  await capture(page, OUT_DIR, `${viewport}-${language}-list-empty`);
  await context.close();
}

runScreenshots(OUT_DIR, async (browser) => {
  const owner = await apiAccount("customers", "Autos Caribe");
  const empty = await apiAccount("customers-empty", "Alquileres Nuevos");
  const seeded = await seed(owner);
  for (const viewport of VIEWPORT_NAMES) {
    for (const language of LANGUAGES) {
      await shootOwner(browser, owner, seeded, viewport, language);
      await shootEmpty(browser, empty, viewport, language);
      await shootPublic(browser, seeded, viewport, language);
    }
  }
});
