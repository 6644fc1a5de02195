// The desk's benchmark data set (issue 11): one published landing with 50 vehicles (1 to 3 units)
// and a month of reservations, made through the real API as an owner and visitors would.
import sharp from "sharp";

export const DESK_VEHICLES = 50;
/** How far ahead the reservations reach: the planner's month view. */
export const DESK_DAYS = 31;

export type DeskData = { landingId: number; landingName: string; reservations: number };

type Api = (path: string, init?: RequestInit) => Promise<Response>;

async function ok(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function png(width: number, height: number, color: string): Promise<Blob> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: "image/png" });
}

/** Seeds the data set with `api` (the owner's bearer session) and returns what it made. */
export async function seedDesk(api: Api, base: string): Promise<DeskData> {
  const landingForm = new FormData();
  landingForm.set("display_name", `Flota Bench ${Date.now().toString(36)}`);
  landingForm.set("color_primary", "#1d4ed8");
  landingForm.set("color_secondary", "#f59e0b");
  landingForm.set("default_language", "es");
  landingForm.set("logo", await png(250, 80, "#1d4ed8"), "logo.png");
  const landing = (await ok(await api("/api/landing", { method: "POST", body: landingForm }), "landing")) as {
    id: number;
    name: string;
  };

  const photo = await png(640, 480, "#0ea5e9");
  const vehicles: { id: number; units: number }[] = [];
  for (let index = 0; index < DESK_VEHICLES; index++) {
    const units = (index % 3) + 1;
    const form = new FormData();
    const fields: Record<string, string> = {
      id_landing: String(landing.id),
      name: `Vehículo ${String(index + 1).padStart(2, "0")}`,
      description: "Un vehículo del banco de pruebas del planificador.",
      price: String(40 + index),
      luggage: "2",
      people: "5",
      type_of_car: "sedan",
      transmision: "automatic",
      brand: "Toyota",
      units: String(units),
      commissions: "0",
    };
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.set("images[0]", photo, "car.png");
    const created = (await ok(await api("/api/vehicle", { method: "POST", body: form }), "vehicle")) as {
      vehicle: { id: number };
    };
    vehicles.push({ id: created.vehicle.id, units });
  }
  await ok(
    await api(`/api/landings/${landing.id}/addLocation`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ place_of_departure: "Santiago", arrival_place: "Santiago" }),
    }),
    "location",
  );
  await ok(
    await api("/api/landing/status", {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ landing_id: landing.id }),
    }),
    "publish",
  );

  // Each unit rented back to back over the month in 2- to 5-day rentals, as visitors book them.
  let reservations = 0;
  for (const [index, vehicle] of vehicles.entries()) {
    for (let unit = 0; unit < vehicle.units; unit++) {
      let day = 1 + ((index + unit) % 3);
      while (day < DESK_DAYS) {
        const length = 2 + ((index + unit + day) % 4);
        const response = await fetch(`${base}/api/reservations`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            id_landing: landing.id,
            id_vehicle: vehicle.id,
            place_of_departure: "Santiago",
            arrival_place: "Santiago",
            date_of_departure: isoDay(day),
            time_of_departure: "10:00",
            date_of_arrival: isoDay(day + length),
            time_of_arrival: "09:00",
            number_person: 2,
            name: `Cliente ${reservations + 1}`,
            last_name: "Pérez",
            email: `cliente${reservations + 1}@example.com`,
            phone: "+1 809 555 0101",
            terms_accepted: true,
          }),
        });
        await ok(response, "reservation");
        reservations++;
        day += length + 1;
      }
    }
  }
  return { landingId: landing.id, landingName: landing.name, reservations };
}
