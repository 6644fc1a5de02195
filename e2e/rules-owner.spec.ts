import { expect } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { createLanding, createVehicle, type FleetOwner, storedVehicle, test, toast } from "./support/fleet";
import { takeTransferPayments } from "./support/payments";

type StoredRules = {
  min_days: number;
  week_discount_bp: number;
  closures: { from: string; to: string; note: string; translations?: Record<string, Record<string, string>> }[];
};

async function apiJson<T>(owner: FleetOwner, path: string): Promise<T> {
  const response = await owner.api.get(path);
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

async function addLocation(owner: FleetOwner, landingId: number, from: string, to: string) {
  const response = await owner.api.post(`/api/landings/${landingId}/addLocation`, {
    data: { place_of_departure: from, arrival_place: to },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test("an owner sets the rental rules, a vehicle's season and block, a place's hours and a one-way fee", async ({
  page,
  signedInOwner,
}) => {
  // Three screens, each saved and read back after a reload.
  test.slow();
  const owner = await signedInOwner("rules-owner");
  const landing = await createLanding(owner, "Reglas");
  const vehicle = await createVehicle(owner, landing.id, { units: "2" }, 1);
  await addLocation(owner, landing.id, "Aeropuerto SDQ", "Zona Colonial");
  await addLocation(owner, landing.id, "Aeropuerto SDQ", "Aeropuerto SDQ");
  // A third of each booking taken by bank transfer: the policy's preview says what becomes of it.
  await takeTransferPayments(owner, landing.id, 30);
  const main = page.getByRole("main");

  // Reglas y tarifas: minimum 3 days, 10 % from 7 days, closed on Christmas Day.
  await page.goto(`/view-landing/${landing.id}`);
  await main.getByRole("tab", { name: "Reglas y tarifas" }).click();
  await expect(page).toHaveURL(/\?tab=rules$/);
  const rules = main.getByRole("form", { name: "Reglas y tarifas" });
  // This test server has no public address (localhost): the custom domain's hint says so instead of
  // asking for a CNAME to "localhost" (issue 25.19).
  await expect(main.getByRole("form", { name: "Dominio propio" }).getByLabel("Dominio")).toHaveAccessibleDescription(
    /aún no tiene una dirección pública \(localhost\)/,
  );
  await rules.getByLabel("Días mínimos").fill("3");
  // A maximum under the minimum is refused under its field, before anything is sent.
  await rules.getByLabel("Días máximos").fill("2");
  await rules.getByRole("button", { name: "Guardar reglas" }).click();
  await expect(rules.getByLabel("Días máximos")).toHaveAccessibleDescription(
    /El máximo no puede ser menor que el mínimo\./,
  );
  await rules.getByLabel("Días máximos").fill("");
  await rules.getByLabel("Descuento desde 7 días").fill("10");
  // The policy visitors read follows the values as they are typed.
  await rules.getByLabel("Cargo por cancelar tarde").fill("150");
  await expect(rules.getByTestId("policy-preview")).toContainText(
    "US$150.00 si cancelas dentro de las 24 horas antes de la recogida.",
  );
  // In the site's words, with the landing's payments (a walk's finding: "nada se cobra en línea",
  // whatever the landing took when booking).
  await expect(rules.getByTestId("policy-preview")).toContainText(
    `Al reservar transfieres el 30 % del total: si cancelas, ${landing.display_name} te devuelve por transferencia lo que quede tras el cargo que corresponda.`,
  );
  await expect(rules.getByTestId("policy-preview")).not.toContainText("Nada se cobra en línea");
  // A row removed hands the focus on (the next row's bin, else the add button), never to <body>.
  const addClosure = rules.getByRole("button", { name: "Añadir fechas cerradas" });
  await addClosure.click();
  await addClosure.click();
  await rules.getByRole("button", { name: "Quitar las fechas cerradas 1" }).click();
  await expect(rules.getByRole("button", { name: "Quitar las fechas cerradas 1" })).toBeFocused();
  await rules.getByRole("button", { name: "Quitar las fechas cerradas 1" }).click();
  await expect(addClosure).toBeFocused();
  await addClosure.click();
  const closure = rules.getByRole("listitem", { name: "Fechas cerradas 1" });
  await closure.getByLabel("Desde").fill("2027-12-25");
  await closure.getByLabel("Hasta (incluido)").fill("2027-12-25");
  await closure.getByLabel("Motivo (opcional)").fill("Navidad");
  await closure.getByLabel("Motivo en inglés (opcional)").fill("Christmas");
  await expectNoSeriousViolations(page, "rules tab");
  await rules.getByRole("button", { name: "Guardar reglas" }).click();
  await expect(toast(page, "Reglas y tarifas guardadas.")).toBeVisible();

  const stored = await apiJson<{ rules: StoredRules & Record<string, unknown> }>(
    owner,
    `/api/landings/${owner.id}/${landing.id}`,
  );
  expect(stored.rules).toMatchObject({
    min_days: 3,
    max_days: null,
    week_discount_bp: 1000,
    cancellation_late_fee_cents: 150_00,
    closures: [{ from: "2027-12-25", to: "2027-12-25", note: "Navidad", translations: { en: { note: "Christmas" } } }],
  });
  await page.reload();
  await expect(rules.getByLabel("Días mínimos")).toHaveValue("3");
  await expect(rules.getByLabel("Descuento desde 7 días")).toHaveValue("10");
  await expect(closure.getByLabel("Motivo (opcional)")).toHaveValue("Navidad");
  await expect(closure.getByLabel("Motivo en inglés (opcional)")).toHaveValue("Christmas");

  // The vehicle: a Christmas season and one unit out for maintenance.
  await page.goto(`/view-landing/${landing.id}?tab=vehicles&vehicle=${vehicle.id}`);
  await main.getByRole("tab", { name: "Tarifas y disponibilidad" }).click();
  const vehicleRules = main.getByRole("form", { name: "Tarifas y reglas del vehículo" });
  await vehicleRules.getByRole("button", { name: "Añadir temporada" }).click();
  const season = vehicleRules.getByRole("listitem", { name: "Temporada 1" });
  // A walk's finding: on a desktop the row's one line left the name 6 rem ("Por ejempl…"); its
  // example is whole in the field (it is 11 rem wide in Inter).
  const seasonName = season.getByLabel("Nombre", { exact: true });
  await expect(seasonName).toHaveAttribute("placeholder", "Por ejemplo, Navidad");
  expect((await seasonName.boundingBox())?.width).toBeGreaterThanOrEqual(12 * 16);
  await seasonName.fill("Navidad");
  // Its name as travellers reading in English see it in their price (PRODUCT §7).
  await season.getByLabel("Nombre en inglés (opcional)").fill("Christmas");
  await season.getByLabel("Desde").fill("2027-12-15");
  await season.getByLabel("Hasta (incluido)").fill("2028-01-10");
  await season.getByLabel("Precio por día").fill("80");
  await expect(vehicleRules.getByLabel("Días mínimos")).toHaveAccessibleDescription(
    "Vacío = la regla de la landing (3 días).",
  );
  await vehicleRules.getByRole("button", { name: "Guardar tarifas" }).click();
  await expect(toast(page, "Tarifas del vehículo guardadas.")).toBeVisible();

  const block = main.getByRole("form", { name: "Bloquear un periodo" });
  await block.getByLabel("Desde").fill("2027-03-01");
  await block.getByLabel("Hasta (incluido)").fill("2027-03-05");
  // Two units: a third cannot be blocked.
  await block.getByLabel("Unidades").fill("3");
  await block.getByRole("button", { name: "Bloquear periodo" }).click();
  await expect(block.getByLabel("Unidades")).toHaveAccessibleDescription(/Este vehículo tiene 2 unidades/);
  // Below one, this vehicle's range, as its hint says it, not any vehicle's 1 to 1,000 (a walk's finding).
  await block.getByLabel("Unidades").fill("-1");
  await block.getByRole("button", { name: "Bloquear periodo" }).click();
  await expect(block.getByLabel("Unidades")).toHaveAccessibleDescription(
    /Las unidades deben ser un número entero de 1 a 2\./,
  );
  await block.getByLabel("Unidades").fill("1");
  await block.getByLabel("Motivo (opcional)").fill("Mantenimiento");
  await block.getByRole("button", { name: "Bloquear periodo" }).click();
  await expect(toast(page, "Bloqueo agregado.")).toBeVisible();
  const blockRow = main.getByTestId("block-row");
  await expect(blockRow).toContainText("Del 01-03-2027 al 05-03-2027");
  await expect(blockRow).toContainText("1 unidad · Mantenimiento");
  await expectNoSeriousViolations(page, "vehicle rates");

  expect((await storedVehicle(owner, landing.id, vehicle.id)) as unknown as { rules: unknown }).toMatchObject({
    rules: {
      seasons: [
        {
          name: "Navidad",
          from: "2027-12-15",
          to: "2028-01-10",
          price_cents: 80_00,
          translations: { en: { name: "Christmas" } },
        },
      ],
    },
  });
  expect(await apiJson(owner, `/api/vehicles/${landing.id}/${vehicle.id}/blocks`)).toMatchObject([
    { from: "2027-03-01", to: "2027-03-05", units: 1, note: "Mantenimiento" },
  ]);
  await page.reload();
  await expect(season.getByLabel("Precio por día")).toHaveValue("80.00");
  await expect(season.getByLabel("Nombre en inglés (opcional)")).toHaveValue("Christmas");
  await expect(blockRow).toHaveCount(1);

  // Locations: a one-way fee on the pair that changes place, Sunday closed at the airport.
  await page.goto(`/location-reservaction?landing=${landing.id}`);
  await main.getByRole("button", { name: "Editar cargo: De Aeropuerto SDQ a Zona Colonial" }).click();
  const feeDialog = page.getByRole("dialog", { name: "Cargo por devolución en otro lugar" });
  // Refused before sending, in the server's words: too many digits is too high, not "not an amount".
  const feeSaves: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH" && /\/locations\/\d+$/.test(request.url())) feeSaves.push(request.url());
  });
  for (const [typed, said] of [
    ["1234567890123", "Ese importe es demasiado alto: escribe como máximo 100,000."],
    ["100000.01", "Ese importe es demasiado alto: escribe como máximo 100,000."],
    ["veinte", "Escribe un importe válido, como 25 o 25.50."],
  ] as const) {
    await feeDialog.getByLabel("Cargo").fill(typed);
    await feeDialog.getByRole("button", { name: "Guardar cargo" }).click();
    await expect(feeDialog.getByText(said)).toBeVisible();
  }
  expect(feeSaves).toEqual([]);
  await feeDialog.getByLabel("Cargo").fill("25");
  await feeDialog.getByRole("button", { name: "Guardar cargo" }).click();
  await expect(toast(page, "Cargo por devolución en otro lugar guardado.")).toBeVisible();
  await expect(feeDialog).toBeHidden();

  await main.getByRole("button", { name: "Editar horario: Aeropuerto SDQ" }).click();
  const hours = page.getByRole("dialog", { name: "Horario de Aeropuerto SDQ" });
  await hours.getByRole("switch", { name: "Abierto siempre" }).click();
  await hours.getByRole("group", { name: "domingo" }).getByLabel("Abierto").uncheck();
  await expectNoSeriousViolations(page, "hours dialog");
  await hours.getByRole("button", { name: "Guardar horario" }).click();
  await expect(toast(page, "Horario de Aeropuerto SDQ guardado.")).toBeVisible();

  await page.reload();
  const pairs = main.getByRole("list", { name: `Localizaciones de ${landing.title}` }).getByRole("listitem");
  await expect(pairs.filter({ hasText: "Zona Colonial" }).getByTestId("one-way-fee")).toHaveText(
    "Devolución en otro lugar: US$25.00.",
  );
  const airport = main.getByTestId("place-row").filter({ hasText: "Aeropuerto SDQ" });
  await expect(airport.getByTestId("place-hours")).toHaveText("Lun–Sáb 8:00 AM–6:00 PM · Dom cerrado");
  await expect(airport).toContainText("Fuera de horario: no se aceptan recogidas ni devoluciones.");
  await expectNoSeriousViolations(page, "locations page");

  const locations = await apiJson<{ arrival_place: string; one_way_fee_cents: number }[]>(
    owner,
    `/api/landings/${landing.id}/locations`,
  );
  expect(locations.find((location) => location.arrival_place === "Zona Colonial")?.one_way_fee_cents).toBe(25_00);
  const places = await apiJson<{ place: string; hours: unknown[] | null; after_hours_fee_cents: number | null }[]>(
    owner,
    `/api/landings/${landing.id}/places`,
  );
  const sdq = places.find((place) => place.place === "Aeropuerto SDQ");
  expect(sdq?.hours?.[0]).toBeNull();
  expect(sdq?.hours?.[1]).toEqual({ open: "08:00", close: "18:00" });
  expect(sdq?.after_hours_fee_cents).toBeNull();

  // A fee of nothing accepts them at no charge, and says so (not "a fee of US$0.00").
  await main.getByRole("button", { name: "Editar horario: Aeropuerto SDQ" }).click();
  await hours.getByLabel("Cargo fuera de horario").fill("0");
  await hours.getByRole("button", { name: "Guardar horario" }).click();
  await expect(toast(page, "Horario de Aeropuerto SDQ guardado.")).toBeVisible();
  await expect(airport).toContainText("Fuera de horario: se aceptan sin cargo.");
});

test("saving the tab's other sections one after another leaves the rules clean: nothing 'recovered', and they save", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(60_000);
  const owner = await signedInOwner("rules-sections", { open: false });
  const landing = await createLanding(owner, "Secciones");
  await page.goto(`/view-landing/${landing.id}?tab=rules`);
  const counter = page.getByRole("form", { name: "Entrega y devolución" });
  await counter.getByLabel("Kilómetros incluidos por día").fill("200");
  await counter.getByRole("button", { name: "Guardar entrega y devolución" }).click();
  await expect(toast(page, "Reglas de entrega y devolución guardadas.")).toBeVisible();
  // The landing's version moved with that save; the rules form takes it up and keeps no draft.
  const rulesDrafts = () =>
    page.evaluate(() =>
      Object.keys(sessionStorage).filter((key) => key.startsWith("nelly.draft.") && key.includes("landing-rules")),
    );
  await expect.poll(rulesDrafts, { timeout: 2000 }).toEqual([]);
  // SEO saved in another tab meanwhile moves the version once more.
  const meta = await owner.api.get(`/api/landings/${owner.id}/${landing.id}`);
  const { version } = (await meta.json()) as { version: number };
  const seo = await owner.api.post(`/api/landings/${owner.id}/${landing.id}/meta`, {
    multipart: {
      version: String(version),
      meta_title: "Alquiler en Santiago",
      meta_description: "Autos en Santiago.",
      og_description: "Autos en Santiago.",
    },
  });
  expect(seo.status(), await seo.text()).toBe(200);
  // Away and back: the rules were never touched, so nothing comes back as typed and unsaved.
  await page.goto("/");
  await page.goto(`/view-landing/${landing.id}?tab=rules`);
  const rules = page.getByRole("form", { name: "Reglas y tarifas" });
  await expect(rules).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Recuperamos lo que habías escrito" })).toHaveCount(0);
  expect(await rulesDrafts(), "no draft of rules nobody typed").toEqual([]);
  // And they save as they are.
  await rules.getByRole("button", { name: "Guardar reglas" }).click();
  await expect(toast(page, "Reglas y tarifas guardadas.")).toBeVisible();
});
