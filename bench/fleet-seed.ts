// A published landing with a fleet, made through the real API as an owner would: the data set of
// the public pages' and the desk's benchmarks.
import sharp from "sharp";

export type Api = (path: string, init?: RequestInit) => Promise<Response>;
export type Fleet = { landingId: number; landingName: string; vehicles: { id: number; units: number }[] };

export async function ok(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function png(width: number, height: number, color: string): Promise<Blob> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: "image/png" });
}

/** `count` vehicles of 1 to 3 units, one place (Santiago), published; `api` is the owner's session. */
export async function seedFleet(api: Api, count: number): Promise<Fleet> {
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
  for (let index = 0; index < count; index++) {
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

  return { landingId: landing.id, landingName: landing.name, vehicles };
}
