import { expect, type Locator, type Page } from "@playwright/test";
import { createLanding, createVehicle, type FleetOwner, setDraftLanding, test } from "./support/fleet";
import { doubleTheText, reflowProblems, setTextSize } from "./support/layout";
import { openInDashboard } from "./support/navigation";
import { book, createBookableLanding, deskBooking, landingDay, landingTimeIn } from "./support/reservations";

// WCAG 1.4.10 (Reflow) and 1.4.4 (Resize text): on a 320 px phone with Chrome's text at 200 % (a
// screen 10 rem wide, as narrow for its text as a 160 px one) every screen an operator reaches
// fits the window's width in Spanish, the longer words: nothing scrolls the page sideways, buttons
// wrap their words onto more lines, and no word is broken where it fits whole. Before, most screens
// scrolled sideways ("Crear landing" 27 px past the window, the user settings 158 px) and their
// cards squeezed paragraphs to a word's width. Each screen's problems are named (reflowProblems),
// and all of a journey's screens are checked before it fails. The screens are reached inside one
// loaded dashboard (openInDashboard): a load per screen would cost the suite a second of CPU each.

test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

const softly = expect.configure({ soft: true, timeout: 5_000 });

/** Waits for `ready` and for the screen's spinners and skeletons to go, then checks how it reflows. */
async function checkScreen(page: Page, where: string, ready: Locator) {
  await expect(ready, `${where}: on screen`).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize), "text at 200 %").toBe("32px");
  await expect(page.locator("main .animate-spin, main .animate-pulse, main [role=status] svg")).toHaveCount(0);
  // With the fields' and pills' checks: before, search and phone fields cut their placeholders
  // ("Cliente, referencia o vehículo", "+1 809 555 0101"), the blocked days' and the counter's
  // dates their years, the colours' fields their "#1D4ED8", and a vehicle's feature was a pill
  // three lines tall (2026-12-07).
  await softly.poll(() => reflowProblems(page), { message: `${where} at 320 px and 200 % text` }).toEqual([]);
}

/** A feature for the Características list, and a landing in the trash for the Papelera. */
async function seedLists(owner: FleetOwner) {
  const feature = await owner.api.post("/api/special-features", {
    data: { name: "Asientos infantiles homologados", description: "Para bebés y niños de hasta doce años." },
  });
  expect(feature.status(), await feature.text()).toBe(201);
  const landing = await createBookableLanding(owner, "Papelera");
  const trashed = await owner.api.delete(`/api/landing/${landing.id}`);
  expect(trashed.status(), await trashed.text()).toBe(200);
}

test("at 320 px and 200 % text a landing, its tabs, the fleet, the places and the designer reflow", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(120_000);
  const owner = await signedInOwner("reflow-landing", { open: false });
  const landing = await createBookableLanding(owner, "Alquileres Configuración");
  await book(landing, { name: "Maximiliano", last_name: "Santamaría" });
  await seedLists(owner);
  await doubleTheText(page);
  await page.goto("/landings");
  const main = page.getByRole("main");
  await checkScreen(page, "Landings", main.getByText(landing.display_name).filter({ visible: true }).first());

  const detail = `/view-landing/${landing.id}`;
  await openInDashboard(page, detail);
  await checkScreen(page, "a landing's reservations", main.getByText("Santamaría").filter({ visible: true }).first());
  await openInDashboard(page, `${detail}?tab=vehicles`);
  await checkScreen(
    page,
    "a landing's vehicles",
    main.getByText(landing.vehicle.name).filter({ visible: true }).first(),
  );
  await openInDashboard(page, `${detail}?tab=vehicles&vehicle=${landing.vehicle.id}`);
  await checkScreen(page, "a vehicle's details", main.getByRole("button", { name: "Guardar cambios" }));
  await openInDashboard(page, `${detail}?tab=vehicles&vehicle=${landing.vehicle.id}&section=rules`);
  await checkScreen(page, "a vehicle's prices and availability", main.getByRole("tabpanel").getByRole("button").last());
  await openInDashboard(page, `${detail}?tab=settings`);
  await checkScreen(page, "a landing's settings", main.getByRole("form", { name: "Configuración" }));
  await openInDashboard(page, `${detail}?tab=rules`);
  await checkScreen(page, "a landing's rules", main.getByRole("form", { name: "Entrega y devolución" }));
  await openInDashboard(page, `${detail}?tab=payments`);
  await checkScreen(page, "a landing's payments", main.getByRole("tabpanel").getByRole("button").last());
  await openInDashboard(page, `${detail}?tab=seo`);
  await checkScreen(page, "a landing's SEO", main.getByRole("form", { name: "SEO" }));

  await openInDashboard(page, "/feature-view");
  await checkScreen(page, "Características", main.getByText("Asientos infantiles homologados"));
  // The shared dialog, with a title longer than its line beside the close button.
  await main.getByRole("button", { name: "Nueva característica" }).click();
  await checkScreen(page, "a new feature's dialog", page.getByRole("dialog", { name: "Nueva característica" }));
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await openInDashboard(page, "/location-reservaction");
  await checkScreen(page, "Localizaciones", main.getByText("La Romana").filter({ visible: true }).first());
  await openInDashboard(page, "/history");
  await checkScreen(page, "Papelera", main.getByText(/^Papelera \w+$/));
  await openInDashboard(page, "/help");
  await checkScreen(page, "Ayuda", main.getByRole("heading", { level: 1, name: "Ayuda" }));
  await openInDashboard(page, "/user-config");
  await checkScreen(page, "Configuración de usuario", main.getByLabel("Correo electrónico"));

  // The designer: its first step, then a landing in progress's vehicles, places and review.
  await openInDashboard(page, "/layout-designer");
  await checkScreen(
    page,
    "the designer's first step",
    main
      .getByLabel(/nombre/i)
      .filter({ visible: true })
      .first(),
  );
  const draft = await createLanding(owner, "Borrador");
  await createVehicle(owner, draft.id, { name: "Camioneta todoterreno" }, 1);
  const place = await owner.api.post(`/api/landings/${draft.id}/addLocation`, {
    data: { place_of_departure: "Aeropuerto Internacional", arrival_place: "Aeropuerto Internacional" },
  });
  expect(place.status(), await place.text()).toBe(201);
  await setDraftLanding(page, draft);
  for (const [step, ready] of [
    ["add-vehicles", main.getByText("Camioneta todoterreno").filter({ visible: true }).first()],
    ["places", main.getByText("Aeropuerto Internacional").filter({ visible: true }).first()],
    ["review", main.getByRole("heading", { level: 1 })],
  ] as const) {
    await openInDashboard(page, `/layout-designer/${step}`);
    await checkScreen(page, `the designer's ${step}`, ready);
  }
});

test("at 320 px and 200 % text the bookings, the desk, the planner, the customers and the counter reflow", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(120_000);
  const owner = await signedInOwner("reflow-bookings", { open: false });
  const landing = await createBookableLanding(owner, "Reservas Configuración");
  // The longest moment a line holds ("10:45 PM"), whatever the hour the suite runs at.
  const booked = await book(landing, {
    name: "Maximiliano",
    last_name: "Santamaría",
    pickup: { date: landingDay(10), time: "22:45" },
  });
  // Picked up within the hour at the desk: the counter's check-out is open for it.
  const handover = await deskBooking(owner, landing, landingTimeIn(0.5), "La Romana");
  await doubleTheText(page);
  await page.goto("/dashboard");
  const main = page.getByRole("main");
  await checkScreen(page, "Inicio", main.getByRole("heading", { level: 1, name: "Inicio" }));

  await openInDashboard(page, "/reservation");
  await checkScreen(page, "Reservaciones", main.getByText(booked.reference).filter({ visible: true }).first());
  await openInDashboard(page, `/reservation?open=${booked.id}`);
  const detail = page.getByRole("dialog");
  await checkScreen(
    page,
    "a reservation's detail",
    detail.getByText(booked.reference).filter({ visible: true }).first(),
  );
  await page.keyboard.press("Escape");
  await expect(detail).toBeHidden();
  await main.getByRole("button", { name: "Nueva reserva" }).click();
  await checkScreen(page, "the desk's new booking", page.getByRole("dialog", { name: "Nueva reserva" }));
  await page.keyboard.press("Escape");

  await openInDashboard(page, "/planner");
  await checkScreen(page, "Planificador", main.getByRole("heading", { level: 1, name: "Planificador" }));
  await openInDashboard(page, "/customers");
  await checkScreen(page, "Clientes", main.getByText("Santamaría").filter({ visible: true }).first());
  await main
    .getByRole("link", { name: /Santamaría/ })
    .filter({ visible: true })
    .first()
    .click();
  await checkScreen(page, "a customer", main.getByRole("heading", { level: 1, name: /Santamaría/ }));
  await openInDashboard(page, `/reservation/${handover.id}/counter`);
  await checkScreen(page, "the counter", main.getByText(handover.reference).filter({ visible: true }).first());
  await openInDashboard(page, `/reservation/${booked.id}/counter`);
  await checkScreen(
    page,
    "the counter of a later booking",
    main.getByText(booked.reference).filter({ visible: true }).first(),
  );
});

test("at 320 px and 200 % text in English the screens with fields and pills reflow", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(120_000);
  const owner = await signedInOwner("reflow-english", { open: false });
  const landing = await createBookableLanding(owner, "Alquileres English");
  const handover = await deskBooking(owner, landing, landingTimeIn(0.5), "La Romana");
  await seedLists(owner);
  await page.addInitScript(() => localStorage.setItem("nelly.lang", "en"));
  await doubleTheText(page);
  await page.goto("/landings");
  const main = page.getByRole("main");
  await checkScreen(page, "Landings", main.getByText(landing.display_name).filter({ visible: true }).first());
  const detail = `/view-landing/${landing.id}`;
  // Its calendar card's title, "Reservations calendar", broke mid-word beside the card's icon.
  await openInDashboard(page, detail);
  await checkScreen(page, "a landing's reservations", main.getByRole("heading", { name: "Reservations calendar" }));
  await openInDashboard(page, `${detail}?tab=vehicles&vehicle=${landing.vehicle.id}`);
  await checkScreen(page, "a vehicle's details", main.getByText("Asientos infantiles homologados"));
  await openInDashboard(page, `${detail}?tab=vehicles&vehicle=${landing.vehicle.id}&section=rules`);
  await checkScreen(page, "a vehicle's prices and availability", main.getByRole("tabpanel").getByRole("button").last());
  await openInDashboard(page, `${detail}?tab=settings`);
  await checkScreen(page, "a landing's settings", main.getByLabel("Primary colour", { exact: true }));
  await openInDashboard(page, `${detail}?tab=rules`);
  await checkScreen(page, "a landing's rules", main.getByLabel("Phone", { exact: true }));
  await openInDashboard(page, "/reservation");
  await checkScreen(page, "Reservations", main.getByText(handover.reference).filter({ visible: true }).first());
  await openInDashboard(page, "/customers");
  await checkScreen(page, "Customers", main.getByRole("heading", { level: 1, name: "Customers" }));
  await openInDashboard(page, `/reservation/${handover.id}/counter`);
  await checkScreen(page, "the counter", main.getByText(handover.reference).filter({ visible: true }).first());
});

test("at 320 px and 200 % text signing in, creating an account and the password pages reflow", async ({ page }) => {
  await doubleTheText(page);
  await page.goto("/");
  await checkScreen(page, "Iniciar sesión", page.getByRole("heading", { level: 1, name: "Iniciar sesión" }));
  // Refused: the error under the email, the longest state of the screen.
  await page.getByLabel("Correo electrónico").fill("nadie.con.un.correo.largo@example.com");
  await page.getByLabel("Contraseña", { exact: true }).fill("no-es-esta-contraseña");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await checkScreen(
    page,
    "a refused sign-in",
    page.getByText("Estas credenciales no coinciden con nuestros registros."),
  );
  await page.getByRole("link", { name: "Crear cuenta" }).click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Iniciar sesión");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await checkScreen(
    page,
    "Crear cuenta with every field refused",
    page.getByText("Este campo es obligatorio.").filter({ visible: true }).first(),
  );
  await page.goto("/forgot-password");
  await checkScreen(page, "the forgotten password", page.getByRole("heading", { level: 1 }));
  await page.goto("/reset-password");
  await checkScreen(page, "a password reset without its link", page.getByRole("heading", { level: 1 }));
});

test("at 320 px and 200 % text a new landing's first step, still empty, keeps its name's example whole", async ({
  page,
  signedInOwner,
}) => {
  await signedInOwner("reflow-designer", { open: false });
  await doubleTheText(page);
  await page.goto("/layout-designer");
  const main = page.getByRole("main");
  await expect(main.getByRole("textbox", { name: "Nombre de tu empresa" })).toHaveValue("");
  // Its placeholder, 385 px where the field holds 220, is a line under the field there.
  await expect(main.getByText("Ej.: Autos Año Nuevo SRL")).toBeVisible();
  await checkScreen(
    page,
    "the designer's first step, empty",
    main.getByRole("textbox", { name: "Nombre de tu empresa" }),
  );
});

// A walk's finding: the rows an editor adds were never opened by the walks above, and at 320 px and
// 200 % their examples were cut ("Por ejemp", "Nombre, p. e"), a season's and a closure's two dates
// side by side cut their days, and an answer's character counter ran out of its row.
test("at 320 px and 200 % text the rows the editors add reflow: seasons, blocked days, closures, questions, data", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(90_000);
  const owner = await signedInOwner("reflow-rows", { open: false });
  const landing = await createBookableLanding(owner, "Filas Configuración");
  await doubleTheText(page);
  const main = page.getByRole("main");
  const detail = `/view-landing/${landing.id}`;
  for (const [where, path, adds] of [
    [
      "a vehicle's new season and blocked period",
      `${detail}?tab=vehicles&vehicle=${landing.vehicle.id}&section=rules`,
      ["Añadir temporada", "Bloquear periodo"],
    ],
    ["a vehicle's new data row", `${detail}?tab=vehicles&vehicle=${landing.vehicle.id}`, ["Agregar dato"]],
    ["a landing's new closure and question", `${detail}?tab=rules`, ["Añadir fechas cerradas", "Añadir pregunta"]],
  ] as const) {
    // A load of its own: each screen's form is left with its new rows unsaved.
    await page.goto(path);
    for (const add of adds) await main.getByRole("button", { name: add, exact: true }).click();
    await checkScreen(page, where, main.getByRole("textbox").last());
  }
  // With changes unsaved, the save bar at 200 % is about two fifths of the screen: it waits at the
  // form's end rather than cover the fields being typed (it stays in view at the usual text size).
  const saveBar = page
    .locator("[data-form-actions]")
    .filter({ has: page.getByRole("button", { name: "Guardar reglas" }) });
  await expect(saveBar).toBeVisible();
  expect(await saveBar.evaluate((bar) => getComputedStyle(bar).position)).toBe("static");
  await setTextSize(page, 1);
  expect(await saveBar.evaluate((bar) => getComputedStyle(bar).position)).toBe("sticky");
});
