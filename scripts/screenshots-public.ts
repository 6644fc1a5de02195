/**
 * Captures every page of the public booking site (home, list with a search, filters with no match,
 * vehicle, extras, review and its errors, the car taken meanwhile, thank-you, the customer's page and
 * its cancel step, FAQ), in Spanish and English, on a desktop and a phone, into
 * ./screenshots/public/ for visual review. Needs a running server with both bundles built:
 *   npm run build && PORT=3100 DATA_DIR=$(mktemp -d) npx tsx server/main.ts
 *   npx tsx scripts/screenshots-public.ts   (BASE_URL defaults to http://localhost:3100)
 */
import path from "node:path";
import { type APIRequestContext, type Browser, request } from "@playwright/test";
import sharp from "sharp";
import {
  BASE_URL,
  capture,
  LANGUAGES,
  type Language,
  newScreenContext,
  ok,
  PASSWORD,
  runScreenshots,
  VIEWPORT_NAMES,
} from "./screenshots-support";

const OUT_DIR = path.resolve("screenshots", "public");
const TIME_ZONE = "America/Santo_Domingo";

type Site = { id: number; name: string; vehicles: { id: number; name: string }[]; addons: { id: number }[] };

/** A photo-like picture of a car in `color` on a sky and road, 1600x1200. */
async function carPhoto(color: string, angle: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dbeafe"/><stop offset="1" stop-color="#f8fafc"/></linearGradient></defs>
    <rect width="1600" height="1200" fill="url(#sky)"/><rect y="800" width="1600" height="400" fill="#cbd5e1"/>
    <g transform="translate(${200 + angle * 60} 0)">
      <path d="M250 600 Q330 430 560 420 L860 420 Q1010 430 1090 600 Z" fill="${color}" opacity="0.9"/>
      <rect x="180" y="590" width="1000" height="200" rx="60" fill="${color}"/>
      <rect x="600" y="450" width="180" height="130" rx="20" fill="#e0f2fe"/><rect x="800" y="450" width="170" height="130" rx="20" fill="#e0f2fe"/>
      <circle cx="400" cy="800" r="95" fill="#1f2937"/><circle cx="400" cy="800" r="45" fill="#94a3b8"/>
      <circle cx="960" cy="800" r="95" fill="#1f2937"/><circle cx="960" cy="800" r="45" fill="#94a3b8"/>
    </g></svg>`;
  return { name: `car-${angle}.png`, mimeType: "image/png", buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

async function createSite(): Promise<{ site: Site; api: APIRequestContext }> {
  const anonymous = await request.newContext({ baseURL: BASE_URL });
  const email = `public-${Date.now()}@screens.example`;
  const session = await ok<{ user_id: number; token: string }>(
    await anonymous.post("/api/register-nelly", {
      data: { name: "Caribe Autos", email, password: PASSWORD, password_confirmation: PASSWORD },
    }),
  );
  await anonymous.dispose();
  const api = await request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { Authorization: `Bearer ${session.token}`, Accept: "application/json" },
  });
  const logo = await sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="500" height="160">
      <rect width="160" height="160" rx="32" fill="#f59e0b"/><text x="80" y="112" font-size="96" text-anchor="middle" font-family="sans-serif" font-weight="700" fill="#0f172a">C</text>
      <text x="190" y="108" font-size="72" font-family="sans-serif" font-weight="700" fill="#ffffff">Caribe</text></svg>`),
  )
    .png()
    .toBuffer();
  const landing = await ok<{ id: number; name: string }>(
    await api.post("/api/landing", {
      multipart: {
        display_name: `Caribe Autos ${Math.random().toString(36).slice(2, 6)}`,
        color_primary: "#0f766e",
        color_secondary: "#f59e0b",
        default_language: "es",
        logo: { name: "logo.png", mimeType: "image/png", buffer: logo },
      },
    }),
  );
  const { feature } = await ok<{ feature: { id: number } }>(
    await api.post("/api/special-features", {
      data: { name: "Asientos calefactables", description: "Para las mañanas frescas." },
    }),
  );
  const fleet = [
    { name: "Toyota Corolla 2024", price: "45", type_of_car: "sedan", brand: "Toyota", color: "#0284c7", photos: 4 },
    { name: "Hyundai Tucson 2024", price: "75", type_of_car: "suv", brand: "Hyundai", color: "#ea580c", photos: 2 },
    { name: "Toyota Hiace 2023", price: "120", type_of_car: "van", brand: "Toyota", color: "#059669", photos: 1 },
    { name: "Jeep Wrangler 2023", price: "99", type_of_car: "suv", brand: "Jeep", color: "#b91c1c", photos: 2 },
  ];
  const vehicles: Site["vehicles"] = [];
  for (const [index, car] of fleet.entries()) {
    const images = await Promise.all(Array.from({ length: car.photos }, (_, angle) => carPhoto(car.color, angle)));
    const { vehicle } = await ok<{ vehicle: { id: number; name: string } }>(
      await api.post("/api/vehicle", {
        multipart: {
          id_landing: String(landing.id),
          name: car.name,
          description: "Cómodo y económico, con aire acondicionado y mucho espacio para el equipaje.",
          price: car.price,
          luggage: String(2 + index),
          people: car.type_of_car === "van" ? "10" : "5",
          type_of_car: car.type_of_car,
          transmision: index === 3 ? "manual" : "automatic",
          brand: car.brand,
          units: index === 3 ? "1" : "10",
          bluetooth: "1",
          gps: index % 2 ? "1" : "0",
          apple_car: index === 0 ? "1" : "0",
          features: JSON.stringify([{ name: "color", value: "Azul" }]),
          ...Object.fromEntries(images.map((file, position) => [`images[${position}]`, file])),
        },
      }),
    );
    vehicles.push(vehicle);
    if (index < 2) {
      await ok(
        await api.post(`/api/vehicles/${vehicle.id}/special-features`, { data: { special_feature_id: feature.id } }),
      );
    }
  }
  for (const [from, to] of [
    ["Santiago", "La Romana"],
    ["Punta Cana", "Punta Cana"],
  ]) {
    await ok(
      await api.post(`/api/landings/${landing.id}/addLocation`, {
        data: { place_of_departure: from, arrival_place: to },
      }),
    );
  }
  await ok(await api.patch("/api/landing/status", { data: { landing_id: landing.id } }));
  const { version } = await ok<{ version: number }>(await api.get(`/api/landings/${session.user_id}/${landing.id}`));
  // Driver-age rules, conditions and a question of the operator's, as a real landing has them.
  await ok(
    await api.put(`/api/landings/${session.user_id}/${landing.id}/rules`, {
      data: {
        version,
        min_driver_age: "21",
        young_driver_age: "25",
        young_driver_fee: "15",
        contact_phone: "+1 809 555 0101",
        whatsapp: "+1 809 555 0102",
        terms: "Licencia de conducir vigente y tarjeta de crédito a nombre del conductor.\nNo se permite fumar.",
        terms_translations: {
          en: { terms: "A valid driving licence and a credit card in the driver's name.\nNo smoking." },
        },
        faq: [
          {
            question: "¿Entregan el vehículo en el hotel?",
            answer: "Sí, en Santiago y Punta Cana, sin costo adicional.",
            translations: {
              en: {
                question: "Do you deliver to hotels?",
                answer: "Yes, in Santiago and Punta Cana, at no extra cost.",
              },
            },
          },
        ],
      },
    }),
  );
  const detail = await ok<{ addons: { id: number }[] }>(
    await api.get(`/api/landings/${session.user_id}/${landing.id}`),
  );
  return { site: { id: landing.id, name: landing.name, vehicles, addons: detail.addons }, api };
}

function day(offset: number) {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(Date.now() + offset * 86_400_000));
}

/** The first coverage once and two child seats: what a family books (a coverage is taken once). */
const extrasOf = (site: { addons: { id: number }[] }) =>
  [site.addons[0], site.addons[2]].flatMap((addon, index) => (addon ? [{ id: addon.id, quantity: index + 1 }] : []));

/** A reservation made through the public API, as the review page makes it. */
async function book(site: Site, vehicleId: number, start: number) {
  const visitor = await request.newContext({ baseURL: BASE_URL });
  const created = await ok<{ reference: string; customer_token: string }>(
    await visitor.post("/api/reservations", {
      data: {
        id_landing: site.id,
        id_vehicle: vehicleId,
        place_of_departure: "Santiago",
        arrival_place: "La Romana",
        date_of_departure: day(start),
        time_of_departure: "10:00",
        date_of_arrival: day(start + 3),
        time_of_arrival: "10:00",
        number_person: 2,
        addons: extrasOf(site),
        name: "Ana",
        last_name: "Pérez",
        email: "ana@example.com",
        phone: "+1 809 555 0101",
        driver_birth_date: "1990-05-14",
        terms_accepted: true,
      },
    }),
  );
  await visitor.dispose();
  return created;
}

async function shootAll(browser: Browser) {
  const { site, api } = await createSite();
  const [corolla, , , jeep] = site.vehicles;
  if (!corolla || !jeep) throw new Error("the fleet was not created");
  // Santiago only pairs with La Romana (one way), as the bookings above take it.
  const search = `pickup=Santiago&dropoff=La%20Romana&from=${day(5)}&fromTime=10:00&to=${day(8)}&toTime=10:00&seats=2`;
  const addons = extrasOf(site)
    .map((pick) => `${pick.id}:${pick.quantity}`)
    .join(",");
  const booked = await book(site, corolla.id, 9);
  // The Jeep has one unit: booked for the searched days, the review page then hears it was taken.
  await book(site, jeep.id, 5);

  for (const language of LANGUAGES) {
    for (const viewport of VIEWPORT_NAMES) {
      const dir = path.join(OUT_DIR, `${viewport}-${language}`);
      const context = await newScreenContext(browser, viewport, language);
      const page = await context.newPage();
      const go = async (suffix: string) => {
        const url = new URL(`${BASE_URL}/${site.name}${suffix}`);
        url.searchParams.set("lang", language satisfies Language);
        await page.goto(url.toString());
        await page.waitForSelector("html.hydrated");
      };
      console.log(`${viewport} ${language}`);
      await go("");
      await capture(page, dir, "01-home", { fullPage: true });
      await go(`/vehicle?${search}`);
      await capture(page, dir, "02-list", { fullPage: true });
      await go("/vehicle?q=ferrari");
      await capture(page, dir, "03-list-empty", { fullPage: true });
      await go(`/vehicle?${search.replace(day(5), day(-2))}`);
      await capture(page, dir, "04-list-past-date", { fullPage: true });
      await go(`/vehicles/${corolla.id}?${search}`);
      await capture(page, dir, "05-vehicle", { fullPage: true });
      await go(`/vehicles/${corolla.id}`);
      await capture(page, dir, "06-vehicle-no-dates", { fullPage: true });
      await go(`/additions?${search}&vehicle=${corolla.id}&addons=${addons}`);
      await capture(page, dir, "07-extras", { fullPage: true });
      await go(`/review?${search}&vehicle=${corolla.id}&addons=${addons}`);
      await page.getByTestId("quote-confirmed").waitFor();
      await capture(page, dir, "08-review", { fullPage: true });
      await page.getByTestId("reserve").click();
      await capture(page, dir, "09-review-errors", { fullPage: false });
      await go(`/review?${search}&vehicle=${jeep.id}`);
      await capture(page, dir, "10-review-taken", { fullPage: true });
      await go(`/thanks-you?ref=${booked.reference}&t=${booked.customer_token}`);
      await capture(page, dir, "11-thanks", { fullPage: true });
      await go(`/reservation/${booked.reference}?t=${booked.customer_token}`);
      await capture(page, dir, "12-reservation", { fullPage: true });
      await page.getByTestId("cancel-open").click();
      await capture(page, dir, "13-reservation-cancel", { fullPage: true });
      await go("/faq");
      await capture(page, dir, "14-faq", { fullPage: true });
      // The landing's own 404 (a vehicle it no longer has): drawn on the server, no script.
      await page.goto(`${BASE_URL}/${site.name}/vehicles/999999?lang=${language}`);
      await capture(page, dir, "15-not-found", { fullPage: true });
      await context.close();
    }
  }
  await api.dispose();
}

runScreenshots(OUT_DIR, shootAll);
