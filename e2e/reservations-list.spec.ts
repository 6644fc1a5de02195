import { expect, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { test, toast } from "./support/fleet";
import { book, createBookableLanding, dialog, landingDay, usd } from "./support/reservations";

// Issue 8, screens: reservations made through the public API show up on /reservation (grouped per
// landing) and on the landing's Reservas tab; search, status and dates narrow them; pages load
// with "Cargar más"; the sidebar counts the pending ones.

const main = (page: Page) => page.getByRole("main");
/** A landing's card on /reservation, by its heading. */
const group = (page: Page, title: string) =>
  main(page)
    .getByTestId("reservation-group")
    .filter({ has: page.getByRole("heading", { level: 2, name: title }) });
/** The desktop table's rows (the phone's cards are hidden at this size). */
const rows = (page: Page) => main(page).getByTestId("reservation-row");

test("reservations made through the API appear on /reservation and on the landing's Reservas tab", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const owner = await signedInOwner("res-screens", { open: false });
  const caribe = await createBookableLanding(owner, "Caribe Rent");
  const norte = await createBookableLanding(owner, "Norte Cars");
  const ana = await book(caribe, { name: "Ana", last_name: "Ñúñez", email: "ana@example.com", start: 5 });
  const luis = await book(caribe, {
    name: "Luis",
    last_name: "Pérez",
    phone: "809-555-0147",
    start: 8,
    description: "",
  });
  const john = await book(norte, { name: "John", last_name: "Smith", email: "john@example.org", start: 12 });

  await page.goto("/reservation");
  await expect(main(page).getByRole("heading", { level: 1, name: "Reservaciones" })).toBeVisible();
  // The title's count is every reservation of the owner.
  await expect(main(page).getByTestId("list-count")).toHaveText("3");

  // Grouped per landing, newest first: Norte (John) above Caribe (Luis, then Ana).
  const groups = main(page).getByTestId("reservation-group");
  await expect(groups).toHaveCount(2);
  await expect(groups.nth(0).getByRole("heading", { level: 2 })).toHaveText(norte.display_name);
  await expect(groups.nth(1).getByRole("heading", { level: 2 })).toHaveText(caribe.display_name);
  const caribeRows = group(page, caribe.display_name).getByTestId("reservation-row");
  await expect(caribeRows).toHaveCount(2);
  await expect(caribeRows.nth(0)).toContainText(luis.reference);
  await expect(caribeRows.nth(1)).toContainText(ana.reference);

  // SPEC §2's columns plus reference, dates and status.
  const anaRow = caribeRows.nth(1);
  await expect(anaRow.locator("img")).toHaveCount(1);
  for (const text of [
    "Toyota Corolla 2024",
    ana.reference,
    "Pendiente",
    "Ana",
    "Ñúñez",
    "ana@example.com",
    "+1 809 555 0101",
    "Llegamos en el vuelo de las 9.",
    usd(ana.total_cents),
  ]) {
    await expect(anaRow).toContainText(text);
  }
  // Dates as dd-mm-yyyy and 12-hour times (PRODUCT §5).
  const [year, month, day] = landingDay(5).split("-");
  await expect(anaRow).toContainText(`${day}-${month}-${year} · 10:00 AM`);
  await expect(caribeRows.nth(0)).toContainText("Sin comentario");
  await expect(group(page, norte.display_name)).toContainText(john.reference);

  // The sidebar counts the three pending ones, read out in words.
  const sidebar = page.getByRole("navigation", { name: "Navegación principal" });
  await expect(sidebar.getByRole("link", { name: "Reservaciones, 3 reservas pendientes" })).toBeVisible();
  // Named in one piece, without a space before its colon (a keyboard walk heard "confirmar : Ver").
  await expect(
    main(page).getByRole("button", { name: "3 pendientes de confirmar: ver solo las pendientes", exact: true }),
  ).toBeVisible();
  // The reference that opens a booking is a target of 24 px at least (it was 16 px high).
  const referenceBox = await main(page).getByRole("button", { name: john.reference, exact: true }).boundingBox();
  expect(referenceBox?.height ?? 0).toBeGreaterThanOrEqual(24);
  await expectNoSeriousViolations(page, "/reservation at 1440");

  // The landing's card and detail count them; Reservas is the default tab, with the same list.
  await sidebar.getByRole("link", { name: "Landings" }).click();
  await expect(page.getByTestId("landing-card").filter({ hasText: caribe.display_name })).toContainText("2 reservas");
  await page.goto(`/view-landing/${caribe.id}`);
  const tab = main(page).getByRole("tab", { name: /Reservas/ });
  await expect(tab).toHaveAttribute("aria-selected", "true");
  await expect(tab).toContainText("2");
  await expect(main(page).getByText("2 reservas", { exact: true })).toBeVisible();
  const panel = main(page).getByRole("tabpanel");
  await expect(panel.getByTestId("reservation-row")).toHaveCount(2);
  await expect(panel).toContainText(ana.reference);
  await expect(panel).not.toContainText(john.reference);
  await expectNoSeriousViolations(page, "Reservas tab at 1440");

  // A landing without reservations says so in the spec's words.
  const empty = await createBookableLanding(owner, "Vacía");
  await page.goto(`/view-landing/${empty.id}`);
  await expect(main(page).getByRole("tabpanel")).toContainText("No hay reservas disponibles.");
});

test("the detail screens load with 'Cargando datos...' and a failed load offers a retry", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("res-states", { open: false });
  const landing = await createBookableLanding(owner, "Estados");
  await book(landing, { name: "Reintento" });

  // The landing's list held back: the spec's loading words.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/reservations/${landing.id}?**`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/view-landing/${landing.id}`);
  await expect(main(page).getByRole("region", { name: "Reservas", exact: true }).getByRole("status")).toContainText(
    "Cargando datos...",
  );
  release();
  await expect(main(page).getByRole("tabpanel")).toContainText("Reintento");
  await page.unroute(`**/api/reservations/${landing.id}?**`);

  // /reservation failing: "Error al cargar las reservas." and a retry that works.
  let fail = true;
  await page.route("**/api/reservations/user/**", (route) =>
    fail ? route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"x"}' }) : route.continue(),
  );
  await page.goto("/reservation");
  const alert = main(page).getByRole("alert");
  await expect(alert).toContainText("Error al cargar las reservas.", { timeout: 15_000 });
  fail = false;
  await alert.getByRole("button", { name: "Reintentar" }).click();
  await expect(rows(page)).toHaveCount(1);
});

test("a booking's detail has an address: a reload, Inicio, the counter and a shared link open it; another's says it is not there", async ({
  page,
  signedInOwner,
  fleetOwner,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const owner = await signedInOwner("res-address", { open: false });
  const landing = await createBookableLanding(owner, "Direcciones");
  const ana = await book(landing, { name: "Ana", last_name: "Ñúñez", start: 1 });
  const luis = await book(landing, { name: "Luis", last_name: "Pérez", start: 6 });
  const stranger = await fleetOwner("res-address-other");
  const theirs = await book(await createBookableLanding(stranger, "Ajena"), { name: "Zoe", last_name: "Ajena" });

  // Opened from the list, the detail is in the address; a reload opens it again.
  await page.goto("/reservation");
  await main(page).getByRole("button", { name: luis.reference, exact: true }).click();
  const luisDetail = dialog(page, `Reserva ${luis.reference}`);
  await expect(luisDetail).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/reservation\\?open=${luis.id}$`));
  await page.reload();
  await expect(luisDetail).toBeVisible();
  await expect(luisDetail.getByText("Pérez", { exact: true })).toBeVisible();
  // Closed, the address is the list's again, and a reload shows only the list.
  await luisDetail.getByRole("button", { name: "Cerrar" }).first().click();
  await expect(luisDetail).toBeHidden();
  await expect(page).toHaveURL(/\/reservation$/);
  await page.reload();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Cambiar keeps the booking in the address, and "Cancelar" goes back to its detail.
  await page.goto(`/reservation?open=${luis.id}`);
  await luisDetail.getByRole("button", { name: "Cambiar" }).click();
  const change = page.getByRole("dialog", { name: /^Cambiar la reserva/ });
  await expect(change).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/reservation\\?open=${luis.id}$`));
  await change.getByRole("button", { name: "Cancelar" }).click();
  await expect(luisDetail).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/reservation\\?open=${luis.id}$`));

  // Inicio's pickups of tomorrow open the booking itself, over the list searched for it; it is the
  // page they opened, so one Back returns to Inicio.
  await page.goto("/dashboard");
  await page.getByRole("link", { name: `Abrir la reserva ${ana.reference} de Ana Ñúñez` }).click();
  const anaDetail = dialog(page, `Reserva ${ana.reference}`);
  await expect(anaDetail).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/reservation\\?q=${ana.reference}&open=${ana.id}$`));
  await page.evaluate(() => history.back());
  await expect(page.getByRole("heading", { level: 1, name: "Inicio" })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The counter's way back returns to the booking it was opened for.
  await page.goto(`/reservation/${luis.id}/counter`);
  await page.getByRole("link", { name: "Volver a reservas" }).click();
  await expect(luisDetail).toBeVisible();

  // Another owner's booking (or one deleted, or no id at all) is not shown: said, and the address forgets it.
  const notHere = "No encontramos esa reserva en esta cuenta: puede que se haya eliminado, o que sea de otra cuenta.";
  for (const asked of [String(theirs.id), "1e2"]) {
    await page.goto(`/reservation?open=${asked}`);
    await expect(toast(page, notHere)).toBeVisible();
    await expect(page).toHaveURL(/\/reservation$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(main(page)).not.toContainText("Ajena");
    await expect(rows(page)).toHaveCount(2);
  }
});

test("search, status and pickup dates narrow the list, and a reset brings everything back", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const owner = await signedInOwner("res-filters", { open: false });
  const landing = await createBookableLanding(owner, "Filtros");
  const suv = await createBookableLanding(owner, "Montaña", { name: "Jeep Wrangler 2024" });
  const ana = await book(landing, { name: "Ana", last_name: "Ñúñez", email: "ana@example.com", start: 5 });
  const luis = await book(landing, { name: "Luis", last_name: "Pérez", phone: "809-555-0147", start: 9 });
  const carla = await book(suv, { name: "Carla", last_name: "Gómez", email: "carla@correo.example", start: 20 });
  const confirmed = await owner.api.patch(`/api/reservations/${luis.id}/status`, { data: { status: "confirmed" } });
  expect(confirmed.status()).toBe(200);

  await page.goto("/reservation");
  await expect(rows(page)).toHaveCount(3);
  const search = main(page).getByRole("searchbox", { name: "Buscar" });
  // Exactly these rows, whatever their order (a count alone passes on the list before the change).
  const expectOnly = async (...references: string[]) =>
    expect
      .poll(async () => (await rows(page).allInnerTexts()).map((text) => text.match(/NLY-[A-Z0-9]+/)?.[0]).sort())
      .toEqual([...references].sort());

  await search.fill("ñúñez");
  await expectOnly(ana.reference);
  await search.fill("CARLA@correo");
  await expectOnly(carla.reference);
  await search.fill("555-0147");
  await expectOnly(luis.reference);
  await search.fill(ana.reference.toLowerCase());
  await expectOnly(ana.reference);
  // The link in the owner's "new booking" email opens the list searched for that booking.
  await page.goto(`/reservation?q=${luis.reference}`);
  await expect(search).toHaveValue(luis.reference);
  await expectOnly(luis.reference);
  await search.fill("wrangler");
  await expectOnly(carla.reference);
  // The filters live in the address: a reload shows the same list.
  await expect(page).toHaveURL(/q=wrangler/);
  await page.reload();
  await expect(search).toHaveValue("wrangler");
  await expectOnly(carla.reference);
  await search.fill("");
  await expect(rows(page)).toHaveCount(3);

  const status = main(page).getByRole("combobox", { name: "Estado" });
  await status.selectOption({ label: "Confirmada" });
  await expectOnly(luis.reference);
  await status.selectOption({ label: "Pendiente" });
  await expectOnly(ana.reference, carla.reference);
  await status.selectOption({ label: "Todos los estados" });
  await expect(rows(page)).toHaveCount(3);
  // Two changes before the list is drawn again (a busy phone) keep both.
  await page.evaluate(
    ([day]) => {
      const set = (element: HTMLInputElement | HTMLSelectElement, value: string, event: string) => {
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), "value")?.set?.call(element, value);
        element.dispatchEvent(new Event(event, { bubbles: true }));
      };
      const select = document.querySelector<HTMLSelectElement>("main select");
      const from = document.querySelector<HTMLInputElement>("main input[type=date]");
      if (!select || !from) throw new Error("filters not found");
      set(select, "confirmed", "change");
      set(from, day ?? "", "input");
    },
    [landingDay(9)],
  );
  await expectOnly(luis.reference);
  await expect(status).toHaveValue("confirmed");
  await expect(page).toHaveURL(/status=confirmed/);
  await status.selectOption({ label: "Todos los estados" });
  await main(page).getByLabel("Recogida desde").fill("");
  await expect(rows(page)).toHaveCount(3);

  // Pickup dates: from the 9th day on, then up to the 9th day.
  await main(page).getByLabel("Recogida desde").fill(landingDay(9));
  await expectOnly(luis.reference, carla.reference);
  await main(page).getByLabel("Recogida hasta").fill(landingDay(9));
  await expectOnly(luis.reference);
  // An end before the start is refused in words, not answered with an empty list.
  await main(page).getByLabel("Recogida hasta").fill(landingDay(2));
  await expect(main(page).getByText("Debe ser igual o posterior a «Recogida desde».")).toBeVisible();

  // Nothing matches: said plainly, with the way back.
  await main(page).getByLabel("Recogida hasta").fill("");
  await search.fill("nadie-se-llama-asi");
  await expect(main(page).getByRole("heading", { name: "Ninguna reserva coincide con los filtros" })).toBeVisible();
  await expectNoSeriousViolations(page, "no matches");
  await main(page).getByRole("button", { name: "Limpiar filtros" }).last().click();
  await expect(rows(page)).toHaveCount(3);
  await expect(search).toHaveValue("");
  await expect(page).toHaveURL(/\/reservation$/);

  // An address with a search longer than the box takes (hand-made or pasted) is cut, not an error.
  await page.goto(`/reservation?q=wrangler${"x".repeat(5000)}`);
  await expect(search).toHaveValue(`wrangler${"x".repeat(92)}`);
  await expect(main(page).getByRole("heading", { name: "Ninguna reserva coincide con los filtros" })).toBeVisible();
  await expect(main(page).getByText("Error al cargar las reservas.")).toHaveCount(0);

  // The landing's tab has the same tools, for its own reservations only.
  await page.goto(`/view-landing/${landing.id}`);
  const panel = main(page).getByRole("tabpanel");
  await expect(panel.getByTestId("reservation-row")).toHaveCount(2);
  await panel.getByRole("searchbox", { name: "Buscar" }).fill("luis");
  await expect(panel.getByTestId("reservation-row")).toHaveCount(1);
  await expect(panel).toContainText(luis.reference);
});

test("'Cargar más' brings the next page until every reservation is on screen", async ({ page, signedInOwner }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const owner = await signedInOwner("res-pages", { open: false });
  const landing = await createBookableLanding(owner, "Páginas");
  const booked = [];
  for (let index = 0; index < 23; index++) {
    booked.push(await book(landing, { name: `Cliente ${index + 1}`, start: 5 + index }));
  }
  const newest = booked[booked.length - 1];
  const oldest = booked[0];

  await page.goto("/reservation");
  await expect(rows(page)).toHaveCount(20);
  await expect(rows(page).first()).toContainText(newest?.reference ?? "");
  await expect(main(page)).not.toContainText(oldest?.reference ?? "");
  await expect(main(page).getByText("Mostrando 20 reservas")).toBeVisible();
  const more = main(page).getByRole("button", { name: "Cargar más" });
  await more.click();
  await expect(rows(page)).toHaveCount(23);
  // Still one card for the landing, the older ones at its end.
  await expect(main(page).getByTestId("reservation-group")).toHaveCount(1);
  await expect(rows(page).last()).toContainText(oldest?.reference ?? "");
  await expect(more).toBeHidden();
  await expect(main(page).getByText("23 reservas, todas a la vista")).toBeVisible();

  // The tab pages the same way.
  await page.goto(`/view-landing/${landing.id}`);
  const panel = main(page).getByRole("tabpanel");
  await expect(panel.getByTestId("reservation-row")).toHaveCount(20);
  await panel.getByRole("button", { name: "Cargar más" }).click();
  await expect(panel.getByTestId("reservation-row")).toHaveCount(23);
});

test("on a phone the table becomes stacked cards, and the screens pass axe at 360 px", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 780 });
  const owner = await signedInOwner("res-phone", { open: false });
  const landing = await createBookableLanding(owner, "Teléfono");
  const booked = await book(landing, { name: "Ana", last_name: "Ñúñez" });

  await page.goto("/reservation");
  const card = main(page).getByTestId("reservation-card");
  await expect(card).toHaveCount(1);
  await expect(rows(page)).toBeHidden();
  await expect(card).toContainText(booked.reference);
  await expect(card).toContainText("Ñúñez");
  await expect(card).toContainText(usd(booked.total_cents));
  // The status and dates fold under a button; the search stays in view.
  await expect(main(page).getByRole("combobox", { name: "Estado" })).toBeHidden();
  await main(page).getByRole("button", { name: "Más filtros" }).click();
  await expect(main(page).getByRole("combobox", { name: "Estado" })).toBeVisible();
  await expectNoSeriousViolations(page, "/reservation at 360");

  await card.getByRole("button", { name: `Ver detalle ${booked.reference}` }).click();
  const detail = page.getByRole("dialog", { name: `Reserva ${booked.reference}` });
  await expect(detail).toBeVisible();
  await expectNoSeriousViolations(page, "detail at 360");
  await detail.getByRole("button", { name: "Rechazar" }).click();
  await expect(page.getByTestId("cancellation-fee")).toBeVisible();
  await expectNoSeriousViolations(page, "cancel at 360");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await expect(detail).toBeHidden();

  await page.goto(`/view-landing/${landing.id}`);
  await expect(main(page).getByRole("tabpanel").getByTestId("reservation-card")).toHaveCount(1);
  await expectNoSeriousViolations(page, "Reservas tab at 360");
  await page.getByRole("button", { name: "Abrir menú" }).click();
  await expect(page.getByRole("link", { name: "Reservaciones, 1 reserva pendiente" })).toBeVisible();
});

test("on a small laptop a row with a long name and email fits its card, its delete button on screen", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(60_000);
  // The table's narrowest width (1280 px, the sidebar beside it), and a customer whose email and
  // name once made the row wider than the card (the delete button was reached by scrolling the
  // table sideways; reservations-table-width.spec.ts checks the table at more sizes).
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await signedInOwner("res-wide", { open: false });
  const landing = await createBookableLanding(owner, "Ancha");
  const booked = await book(landing, {
    name: "Maximiliano",
    last_name: "Fernández-Villalobos",
    email: "maximiliano.fernandez.villalobos@empresa-de-turismo.example.com",
    description: "Llegamos en el vuelo AA 1234 a las 9:30, con dos sillas de bebé.",
  });

  await page.goto("/reservation");
  const row = rows(page).filter({ hasText: booked.reference });
  await expect(row).toBeVisible();
  // The email is cut to one line; the whole of it is its title.
  await expect(row.getByTitle("maximiliano.fernandez.villalobos@empresa-de-turismo.example.com")).toBeVisible();
  const remove = row.getByRole("button", { name: `Eliminar la reserva ${booked.reference}` });
  await expect(remove).toBeInViewport({ ratio: 1 });
  await remove.click();
  await expect(page.getByRole("dialog", { name: "¿Eliminar esta reserva?" })).toContainText(booked.reference);
});
