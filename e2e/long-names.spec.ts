import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { createLanding, createVehicle, type FleetOwner, test } from "./support/fleet";
import { uniqueSlug } from "./support/landings";
import { expectContentFits, expectNoSidewaysScroll, expectWithinSides } from "./support/layout";
import { createPublicLanding, hydrated, searchQuery } from "./support/public";

// The longest names the fields allow, without a space to wrap at (issue: a vehicle named like this
// made the Vehículos tab 1,925 px wide and put every card's Editar off a phone's screen).
const VEHICLE = `مرحبا بالعالم 🚙 ${"A".repeat(83)}`; // 100 characters, the most a vehicle's name takes
const PLACE = (letter: string) => letter.repeat(120); // a place's most
const EXTRA = (letter: string) => letter.repeat(60); // an extra's most

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** Adds an extra taken once per booking and one taken by the unit, both with the longest names. */
async function addLongExtras(owner: FleetOwner, landingId: number) {
  const detail = await owner.api.get(`/api/landings/${owner.id}/${landingId}`);
  const landing = (await detail.json()) as {
    version: number;
    color_primary: string;
    color_secondary: string;
    default_language: string;
    addons: { name: string; price_cents: number; kind: string; max_quantity: number; translations: object }[];
  };
  const addons = [
    ...landing.addons.map((addon) => ({ ...addon, price: String(addon.price_cents / 100) })),
    { name: EXTRA("X"), price: "7", kind: "other", max_quantity: 1 },
    { name: EXTRA("Y"), price: "3", kind: "other", max_quantity: 3 },
  ];
  const response = await owner.api.post(`/api/landing-update/${owner.id}/${landingId}`, {
    multipart: {
      version: String(landing.version),
      color_primary: landing.color_primary,
      color_secondary: landing.color_secondary,
      default_language: landing.default_language,
      addons: JSON.stringify(addons),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { addons: { id: number; name: string }[] }).addons;
}

async function onEachWidth(page: Page, widths: { width: number; height: number }[], check: () => Promise<void>) {
  for (const viewport of widths) {
    await page.setViewportSize(viewport);
    await check();
  }
}

test("a vehicle with the longest name leaves the Vehículos tab its width, and Editar on screen", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("long-vehicle", { open: false });
  const landing = await createLanding(owner, "Nombres");
  await createVehicle(owner, landing.id, { name: "Toyota Corolla 2024" }, 1);
  await createVehicle(owner, landing.id, { name: VEHICLE, brand: "B".repeat(40) }, 1);
  const panel = page.getByRole("main").getByRole("tabpanel");
  const edit = panel.getByRole("button", { name: `Editar ${VEHICLE}` });

  await onEachWidth(page, [DESKTOP, PHONE, SMALL_PHONE], async () => {
    await page.goto(`/view-landing/${landing.id}?tab=vehicles`);
    await expect(edit).toBeVisible();
    await expectNoSidewaysScroll(page);
    // Scrolled down to, each card's actions are whole on screen: none is off to the side.
    for (const action of [edit, panel.getByRole("button", { name: "Eliminar Toyota Corolla 2024" })]) {
      await action.scrollIntoViewIfNeeded();
      await expect(action).toBeInViewport({ ratio: 1 });
    }
    // Cut to two lines, the whole name is its title.
    await expect(panel.getByTitle(VEHICLE, { exact: true }).filter({ visible: true })).toHaveCount(1);
  });

  // On the phone the long one opens for editing like any other.
  await edit.click();
  await expect(page.getByRole("heading", { level: 2, name: "Editar vehículo" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  // Past the limit, the name says so: a longer paste is kept, counted, and refused once left.
  const name = panel.getByLabel("Nombre", { exact: true });
  await expect(panel.getByText("Hasta 100 caracteres.", { exact: false })).toBeVisible();
  await name.fill("N".repeat(150));
  await expect(name).toHaveValue("N".repeat(150));
  await expect(panel.getByText("150/100")).toBeVisible();
  await name.press("Tab");
  await expect(name).toHaveAccessibleDescription(/El nombre no puede superar los 100 caracteres\./);
  await name.fill("N".repeat(100));
  await expect(panel.getByText("100/100")).toBeVisible();
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  // Units out of range are said once the field is left, not only at save.
  const units = panel.getByLabel("Unidades");
  await units.fill("0");
  await units.press("Tab");
  await expect(panel.getByText("Las unidades deben ser un número entero entre 1 y 1,000.")).toBeVisible();
  await expect(units).toHaveAttribute("aria-invalid", "true");
  // Corrected, it is said right as it is typed.
  await units.fill("3");
  await expect(panel.getByText("Las unidades deben ser un número entero entre 1 y 1,000.")).toBeHidden();
  await expect(units).not.toHaveAttribute("aria-invalid", "true");
  const plates = panel.getByTestId("unit-labels");
  await expect(plates.getByLabel(/^Unidad \d+$/)).toHaveCount(3);
  // A large fleet's plates are folded until asked for: the page stays a page.
  await units.fill("999");
  await expect(plates.getByLabel(/^Unidad \d+$/)).toHaveCount(0);
  await plates.getByText("Matrícula o nombre de cada una de las 999 unidades").click();
  await expect(plates.getByLabel(/^Unidad \d+$/)).toHaveCount(999);
});

test("the longest landing and place names wrap in the landings list and on Localizaciones", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("long-places", { open: false });
  const displayName = `${"W".repeat(54)}${Math.random().toString(36).slice(2, 8)}`;
  const created = await owner.api.post("/api/landing", {
    multipart: {
      display_name: displayName,
      name: uniqueSlug("largo"),
      color_primary: "#1d4ed8",
      color_secondary: "#f59e0b",
      default_language: "es",
      logo: {
        name: "logo.png",
        mimeType: "image/png",
        buffer: await sharp({ create: { width: 250, height: 80, channels: 4, background: "#1d4ed8" } })
          .png()
          .toBuffer(),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const landing = (await created.json()) as { id: number };
  const added = await owner.api.post(`/api/landings/${landing.id}/addLocation`, {
    data: { place_of_departure: PLACE("P"), arrival_place: PLACE("Q") },
  });
  expect(added.status(), await added.text()).toBe(201);

  await onEachWidth(page, [PHONE, SMALL_PHONE, DESKTOP], async () => {
    await page.goto("/landings");
    const card = page.getByTestId("landing-card");
    await expect(card.getByRole("heading", { name: displayName })).toBeVisible();
    await expectNoSidewaysScroll(page);
    // The last of its actions, to move it to the Papelera.
    await expectWithinSides(card.getByRole("button").last(), card);

    await page.goto(`/location-reservaction?landing=${landing.id}`);
    const remove = page.getByRole("button", { name: `Eliminar la localización De ${PLACE("P")} a ${PLACE("Q")}` });
    await expect(remove).toBeVisible();
    await expectNoSidewaysScroll(page);
    await remove.scrollIntoViewIfNeeded();
    await expect(remove).toBeInViewport({ ratio: 1 });
  });
});

for (const language of ["es", "en"] as const) {
  test(`the public pages wrap the longest vehicle, place and extra names (${language})`, async ({
    page,
    fleetOwner,
  }) => {
    test.setTimeout(90_000);
    const owner = await fleetOwner(`long-public-${language}`);
    const site = await createPublicLanding(owner);
    const vehicle = await createVehicle(owner, site.id, { name: VEHICLE, brand: "B".repeat(40), units: "5" }, 1);
    const added = await owner.api.post(`/api/landings/${site.id}/addLocation`, {
      data: { place_of_departure: PLACE("P"), arrival_place: PLACE("Q") },
    });
    expect(added.status(), await added.text()).toBe(201);
    const addons = await addLongExtras(owner, site.id);
    const picks = addons
      .filter((addon) => /^[XY]+$/.test(addon.name))
      .map((addon) => `${addon.id}:1`)
      .join(",");
    const search = `${searchQuery(5, 3, { pickup: PLACE("P"), dropoff: PLACE("Q"), lang: language })}`;
    const card = page.locator(`[data-vehicle-id="${vehicle.id}"]`);

    await onEachWidth(page, [SMALL_PHONE, DESKTOP], async () => {
      await page.goto(`/${site.name}/vehicle?${search}`);
      await hydrated(page);
      await expectNoSidewaysScroll(page);
      await expectContentFits(card.getByRole("heading", { name: VEHICLE }));
      await expectContentFits(card);
      // The card's button, its one link: named "Elegir" and the vehicle (web/public/components/vehicle-card.tsx).
      await expectWithinSides(
        card.getByRole("link", { name: `${language === "es" ? "Elegir" : "Choose"} ${VEHICLE}` }),
        card,
      );

      await page.goto(`/${site.name}/vehicles/${vehicle.id}?${search}`);
      await expect(page.getByTestId("vehicle-name")).toHaveText(VEHICLE);
      await expectNoSidewaysScroll(page);

      await page.goto(`/${site.name}/additions?${search}&vehicle=${vehicle.id}`);
      await expect(page.getByRole("heading", { name: EXTRA("X") })).toBeVisible();
      await expectNoSidewaysScroll(page);

      await page.goto(`/${site.name}/review?${search}&vehicle=${vehicle.id}&addons=${picks}`);
      await expect(page.getByTestId("review-extras")).toContainText(EXTRA("Y"));
      await expectNoSidewaysScroll(page);
    });
  });
}
