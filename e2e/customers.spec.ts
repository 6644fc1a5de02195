import { expect } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { test, toast } from "./support/fleet";
import { signIn } from "./support/owners";
import { hydrated, PHONE, phoneVisitor } from "./support/public";
import { addDays, book, createBookableLanding, landingDay } from "./support/reservations";

// Issue 28.7 on a phone: the owner finds the customer of a booking in Clientes, writes a note and
// marks them "No rentar"; that customer then tries to book on the public site and is turned away
// with a neutral message, and no booking reaches the owner.

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

const JUAN = { name: "Juan", last_name: "Ramírez", email: "juan.ramirez@example.com", phone: "+1 829 555 0177" };

test("a customer marked “No rentar” in Clientes cannot book on the public site", async ({
  page,
  browser,
  fleetOwner,
}) => {
  test.setTimeout(60_000);
  const owner = await fleetOwner("customers");
  const landing = await createBookableLanding(owner, "Clientes");
  // Booked before the owner signs in: no live notice of it covers the page.
  await book(landing, { ...JUAN, start: 6 });
  await signIn(page, owner);

  // Clientes, from the phone's menu.
  await page.getByRole("button", { name: "Abrir menú" }).click();
  await page.getByRole("dialog", { name: "Menú" }).getByRole("link", { name: "Clientes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Nombre, correo o teléfono" }).fill("ramírez");
  const card = page.getByTestId("customer-card").filter({ hasText: "Juan Ramírez" });
  await expect(page.getByText("1 cliente coincide")).toBeVisible();
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(JUAN.email);
  // The day it was booked as the landing's calendar has it, as the booking's own detail says it.
  await expect(card).toContainText(landingDay(0).split("-").reverse().join("-"));
  // Named for what it adds up, the totals of rentals that went out (an operator read "Total gastado"
  // as money paid): none yet, the booking is ahead.
  await expect(card).toContainText(/Total en alquileres\s*US\$0\.00/);
  await expectNoSeriousViolations(page, "list");
  await card.getByRole("link", { name: "Juan Ramírez" }).click();

  // Their page: one booking in the history, a note saved, then the mark with its reason.
  await expect(page.getByRole("heading", { level: 1, name: "Juan Ramírez" })).toBeVisible();
  await expect(page.getByTestId("customer-booking").filter({ visible: true })).toHaveCount(1);
  await page.getByLabel("Notas internas").fill("Dejó el auto sucio y con el tanque vacío.");
  // Leaving with the note unsaved asks first; staying keeps it (a walk lost a typed note this way).
  await page.getByRole("button", { name: "Abrir menú" }).click();
  await page.getByRole("dialog", { name: "Menú" }).getByRole("link", { name: "Clientes" }).click();
  const leave = page.getByRole("dialog", { name: "¿Salir sin guardar?" });
  await leave.getByRole("button", { name: "Seguir editando" }).click();
  await expect(leave).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Juan Ramírez" })).toBeVisible();
  await expect(page.getByLabel("Notas internas")).toHaveValue("Dejó el auto sucio y con el tanque vacío.");
  await page.getByRole("button", { name: "Guardar notas" }).click();
  await expect(toast(page, "Notas guardadas.")).toBeVisible();
  await page.getByRole("button", { name: "Marcar «No rentar»" }).click();
  const dialog = page.getByRole("dialog", { name: "¿Marcar a Juan Ramírez como «No rentar»?" });
  await dialog.getByLabel("Motivo (opcional, nunca se le muestra)").fill("No pagó los daños de la última renta.");
  await expectNoSeriousViolations(page, "mark dialog");
  await dialog.getByRole("button", { name: "Marcar «No rentar»" }).click();
  await expect(
    toast(page, "Marcado como «No rentar»: la próxima reserva de Juan Ramírez en tus landings será rechazada."),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("customer-flag")).toContainText("No pagó los daños de la última renta.");
  await expect(page.getByRole("main").getByText("No rentar", { exact: true }).first()).toBeVisible();
  await expectNoSeriousViolations(page, "customer marked");

  // The customer, on their own phone, tries to book again: a neutral refusal, nothing more.
  const { context: visitor, page: phone } = await phoneVisitor(browser);
  const from = landingDay(20);
  const query = new URLSearchParams({
    pickup: "Santiago",
    dropoff: "La Romana",
    from,
    fromTime: "10:00",
    to: addDays(from, 3),
    toTime: "10:00",
    seats: "2",
    vehicle: String(landing.vehicle.id),
  });
  await phone.goto(`/${landing.name}/review?${query}`);
  await expect(phone.getByTestId("quote-confirmed")).toBeVisible();
  await hydrated(phone);
  await phone.getByTestId("contact-name").fill(JUAN.name);
  await phone.getByTestId("contact-last_name").fill(JUAN.last_name);
  // Another email: the phone they booked with is enough to know them.
  await phone.getByTestId("contact-email").fill("juan.otro@example.com");
  await phone.getByTestId("contact-phone").fill("829-555-0177");
  await phone.getByTestId("contact-terms").check();
  await phone.getByTestId("reserve").click();
  const refusal = phone.getByTestId("submit-problem");
  await expect(refusal).toHaveText("No podemos confirmar esta reserva en línea. Contáctanos para reservar.");
  await expect(refusal).not.toContainText(/No rentar|daños|Juan/);
  await expect(refusal).toBeFocused();
  await expect(phone).toHaveURL(/\/review\?/);
  await expectNoSeriousViolations(phone, "public refusal");
  await visitor.close();

  // Nothing reached the owner: still one booking, theirs from before.
  await page.reload();
  await expect(page.getByTestId("customer-booking").filter({ visible: true })).toHaveCount(1);
  const listed = await owner.api.get(`/api/reservations/${landing.id}`);
  expect(((await listed.json()) as { reservations: unknown[] }).reservations).toHaveLength(1);
});

test("erasing a customer's data says what goes, and a double tap sends it once", async ({ page, fleetOwner }) => {
  const owner = await fleetOwner("customers-erase");
  const landing = await createBookableLanding(owner, "Borrado");
  const booked = await book(landing, { ...JUAN, start: 6 });
  // Cancelled: nothing of theirs is ahead any more, so their data may go.
  const cancelled = await owner.api.patch(`/api/reservations/${booked.id}/status`, { data: { status: "cancelled" } });
  expect(cancelled.ok()).toBe(true);
  await signIn(page, owner);
  await page.goto("/customers");
  await page.getByRole("searchbox", { name: "Nombre, correo o teléfono" }).fill("ramírez");
  await page.getByTestId("customer-card").getByRole("link", { name: "Juan Ramírez" }).click();
  await page.getByRole("button", { name: "Eliminar datos personales" }).click();
  const dialog = page.getByRole("dialog", { name: "¿Eliminar los datos personales de Juan Ramírez?" });
  // One booking, said as one.
  await expect(dialog).toContainText("fecha de nacimiento en su reserva;");
  const erases: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/erase")) erases.push(request.url());
  });
  await dialog.getByRole("button", { name: "Eliminar sus datos" }).dblclick();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Juan Ramírez");
  expect(erases).toHaveLength(1);
});
