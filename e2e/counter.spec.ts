import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { toInstant } from "@domain/rental-time";
import { expect, type Page, type TestInfo } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { type FleetOwner, photo, test, toast } from "./support/fleet";
import { expectNoSidewaysScroll } from "./support/layout";
import { pageProblems } from "./support/public";
import {
  createBookableLanding,
  deskBooking,
  LANDING_TIME_ZONE,
  landingDay,
  landingTimeIn,
  usd,
} from "./support/reservations";
import { signOnPad } from "./support/signature";

// Issue 28.2 to 28.5, on a phone at the counter: a booking picked up today is checked out (a
// licence that expired is refused under its field) with a photo of the licence and two damage
// marks; the customer signs the agreement on the screen and its PDF is read; then the car is
// checked in with extra kilometres and fuel missing, priced to the cent on the landing's counter
// rules, and the invoice's PDF is read.

/**
 * Opens one of the booking's PDFs as the owner's browser would (its link, with the session) and
 * reads it as a person would: each page turned into a PNG with pdftoppm, kept in the test's output
 * to look at, and its text with pdftotext.
 */
async function readPdf(page: Page, testInfo: TestInfo, linkName: string | RegExp, name: string) {
  const href = await page.getByRole("link", { name: linkName }).getAttribute("href");
  expect(href).toBeTruthy();
  const response = await page.request.get(href as string);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const file = testInfo.outputPath(`${name}.pdf`);
  fs.writeFileSync(file, await response.body());
  execFileSync("pdftoppm", ["-r", "50", "-png", file, testInfo.outputPath(name)]);
  const pages = fs
    .readdirSync(path.dirname(file))
    .filter((entry) => entry.startsWith(`${name}-`) && entry.endsWith(".png"));
  expect(pages.length).toBeGreaterThan(0);
  for (const picture of pages) {
    await testInfo.attach(picture, { path: path.join(path.dirname(file), picture), contentType: "image/png" });
  }
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString().replace(/\s+/g, " ");
}

test("the counter on a phone: check-out with a licence photo and two damage marks, the agreement signed, a return priced to the cent", async ({
  page,
  signedInOwner,
}, testInfo) => {
  test.setTimeout(120_000);
  // Picked up in a few minutes: the counter records a check-out from the pickup day, on the landing's clock.
  const pickup = landingTimeIn(0.1);
  test.skip(pickup.date !== landingDay(0), "the pickup would fall on tomorrow, a few minutes before midnight");
  await page.setViewportSize({ width: 390, height: 844 });
  const owner = await signedInOwner("counter", { open: false });
  const landing = await createBookableLanding(owner, "Mostrador");
  // The counter's rules, in Reglas y tarifas.
  await page.goto(`/view-landing/${landing.id}?tab=rules`);
  const rules = page.getByRole("form", { name: "Entrega y devolución" });
  await rules.getByLabel("Kilómetros incluidos por día").fill("200");
  await rules.getByLabel("Cada kilómetro de más").fill("0,25");
  await rules.getByLabel("Cada octavo de tanque que falte").fill("9,50");
  await rules.getByRole("button", { name: "Guardar entrega y devolución" }).click();
  await expect(toast(page, "Reglas de entrega y devolución guardadas.")).toBeVisible();
  const saved = await owner.api.get(`/api/landings/${owner.id}/${landing.id}`);
  expect((await saved.json()).counter_rules).toMatchObject({
    km_included_per_day: 200,
    extra_km_cents: 25,
    fuel_eighth_cents: 9_50,
  });
  const reservation = await deskBooking(owner, landing, pickup, "La Romana");

  // From the booking's detail to the counter.
  await page.goto("/reservation");
  const card = page.getByTestId("reservation-card").filter({ hasText: reservation.reference });
  await card.getByRole("button", { name: `Ver detalle ${reservation.reference}` }).click();
  await page.getByRole("link", { name: "Registrar entrega" }).click();
  await expect(page.getByRole("heading", { name: "Mostrador" })).toBeVisible();
  await expect(page.getByLabel("Nombre completo")).toHaveValue("María José Peña");
  // The link went with its dialog: the focus is on the counter's page, not left on <body>.
  await expect(page.getByRole("main")).toBeFocused();

  // Two additional drivers added, the first removed: the focus goes to the remove button of the
  // driver now in its place, then to the add button, never to <body>.
  const addDriver = page.getByRole("button", { name: "Añadir conductor" });
  await addDriver.click();
  // Each added driver takes the focus in its first field.
  await expect(page.getByRole("group", { name: "Conductor adicional 1" }).getByLabel("Nombre completo")).toBeFocused();
  await addDriver.click();
  await addDriver.click();
  // At the limit the button goes, the focus already in the new driver, and the limit is said.
  await expect(page.getByRole("group", { name: "Conductor adicional 3" }).getByLabel("Nombre completo")).toBeFocused();
  await expect(addDriver).toHaveCount(0);
  await expect(page.getByText("Hasta 3 conductores adicionales.")).toBeVisible();
  await page.getByRole("button", { name: "Quitar conductor adicional 3" }).click();
  await page.getByRole("button", { name: "Quitar conductor adicional 1" }).click();
  await expect(page.getByRole("button", { name: "Quitar conductor adicional 1" })).toBeFocused();
  await page.getByRole("button", { name: "Quitar conductor adicional 1" }).click();
  await expect(addDriver).toBeFocused();
  await page.getByLabel("Número de licencia").fill("001-1234567-8");
  await page.getByLabel("País que la emitió").selectOption("DO");
  await page.getByLabel("Vence el").fill("2020-01-31");
  await page.getByLabel("Fecha de nacimiento").fill("1988-06-15");
  await page.getByLabel("Tomar foto de la licencia").setInputFiles(await photo(0, "licencia.png"));
  await expect(page.getByRole("img", { name: "Foto de la licencia" })).toBeVisible();
  // Each level is named by the word on it first, as voice control hears it (WCAG 2.5.3).
  await page.getByRole("radio", { name: "Lleno: 8 de 8 octavos", exact: true }).check();
  // A mark added by mistake and removed: the focus goes back to its zone on the diagram.
  const hood = page.getByRole("button", { name: /^Anotar un daño en: Capó/ });
  await hood.click();
  await page.getByRole("button", { name: "Quitar daño 1" }).click();
  await expect(hood).toBeFocused();
  await expect(hood).toHaveAccessibleName("Anotar un daño en: Capó");
  // Something handed over added, then removed: the focus goes back to where it was typed.
  const newItem = page.getByLabel("Otra cosa que se entrega");
  await newItem.fill("Silla de bebé");
  await newItem.press("Enter");
  await page.getByRole("button", { name: "Quitar Silla de bebé" }).click();
  await expect(newItem).toBeFocused();
  // Added with the button, which the emptied field disables: the focus goes back to the field.
  await newItem.fill("Cargador");
  await page.getByRole("button", { name: "Añadir", exact: true }).click();
  await expect(newItem).toBeFocused();
  await page.getByRole("button", { name: "Quitar Cargador" }).click();
  // Pasted longer than an item may be: kept whole and said so, not cut at 60 characters.
  const pasted = `Cable de carga USB-C ${"largo ".repeat(8)}`.trim();
  await newItem.fill(pasted);
  await expect(newItem).toHaveValue(pasted);
  await expect(newItem).toHaveAttribute("aria-invalid", "true");
  await expect(newItem).toHaveAccessibleDescription(
    "Revisa lo entregado: como máximo 20 cosas, de hasta 60 caracteres cada una.",
  );
  await expect(page.getByRole("button", { name: "Añadir", exact: true })).toBeDisabled();
  // Typed and not added with its button: it goes with the check-out all the same (a walk's agreement
  // said "Nada más" for a spare key left in the field).
  await newItem.fill("Llave de repuesto");
  await page.getByRole("button", { name: "Anotar un daño en: Puerta trasera (lado izquierdo)" }).click();
  await page.getByLabel("Daño 1 (Puerta trasera (lado izquierdo)): qué es").fill("Rayón de 5 cm");
  await page.getByRole("button", { name: "Anotar un daño en: Parachoques delantero" }).click();
  // One word longer than the screen is wide: the summary after the check-out wraps it.
  const longNote = `Golpe${"e".repeat(150)}`;
  // Pasted past their limits, the notes are kept whole and refused by name (a walk's finding: they
  // were cut at 200 and 1,000 characters without a word).
  const markNote = page.getByLabel("Daño 2 (Parachoques delantero): qué es");
  await markNote.fill(`${longNote}${"x".repeat(50)}`);
  const internalNote = page.getByLabel("Nota interna");
  await internalNote.fill("n".repeat(1_001));
  await expect(page.getByText("1,001 / 1,000")).toBeVisible();
  await page.getByRole("button", { name: "Registrar entrega" }).click();
  await expect(page.getByText("La nota del daño no puede superar los 200 caracteres.")).toBeVisible();
  await expect(page.getByText("La nota no puede superar los 1,000 caracteres.")).toBeVisible();
  await expect(markNote).toHaveValue(`${longNote}${"x".repeat(50)}`);
  await markNote.fill(longNote);
  await internalNote.fill("Entregado con el depósito lleno.");
  // Every mistake in one round: the kilometres left out and the licence expired (a walk's counter
  // was refused twice in a row, the licence said only once the rest passed).
  await expect(page.getByLabel("Kilómetros (cuentakilómetros)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Esta licencia ya está vencida.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Quitar Llave de repuesto" })).toBeVisible();
  await expect(newItem).toHaveValue("");
  await expectNoSeriousViolations(page, "check-out refused");

  await page.getByLabel("Kilómetros (cuentakilómetros)").fill("12000");
  await page.getByLabel("Vence el").fill("2031-05-31");
  await page.getByRole("button", { name: "Registrar entrega" }).dblclick();
  await expect(toast(page, `Entrega registrada: ${reservation.reference} está en alquiler.`)).toBeVisible();
  // The form is gone: the next step, the agreement to sign, takes the focus, not the page.
  await expect(page.getByRole("heading", { name: "Contrato de alquiler" })).toBeFocused();
  await expect(page.getByText("En alquiler").first()).toBeVisible();
  await expect(page.getByText(longNote, { exact: false })).toBeVisible();
  await expectNoSidewaysScroll(page);
  const out = await (await owner.api.get(`/api/reservations/${reservation.id}/counter`)).json();
  expect(out.photos).toHaveLength(1);
  expect(out.check_out.drivers[0].licence_photo_id).toBe(out.photos[0].id);
  expect(out.check_out).toMatchObject({
    odometer_km: 12_000,
    fuel_eighths: 8,
    drivers: [{ name: "María José Peña", licence_country: "DO", licence_expiry: "2031-05-31" }],
    items: expect.arrayContaining(["Llave de repuesto"]),
    marks: [
      { zone: "left_rear_door", note: "Rayón de 5 cm" },
      { zone: "front_bumper", note: longNote },
    ],
  });

  // The customer reads the agreement, then signs it on the screen.
  const agreement = page.getByTestId("agreement");
  const draft = await readPdf(
    page,
    testInfo,
    "Leer el contrato (PDF) (se abre en una pestaña nueva)",
    "agreement-draft",
  );
  expect(draft).toContain("Contrato de alquiler");
  expect(draft).toContain("borrador para leer antes de firmar");
  expect(draft).toContain("Llave de repuesto");
  // Not signed yet: the return says so (it does not refuse it).
  await expect(page.getByTestId("unsigned-at-return")).toContainText("El cliente aún no firmó el contrato");
  await agreement.getByRole("button", { name: "Firmar contrato" }).click();
  await expect(agreement.getByText("Falta la firma: firma en el recuadro.")).toBeVisible();
  // The phone turned with a typed name and an initial drawn beside it: the pad keeps both (a walk's
  // typed name vanished and left the stroke alone), counted in the pad's inked pixels.
  const pad = agreement.getByRole("img", { name: "Firma del cliente" });
  const inked = () =>
    pad.evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height) ?? { data: [] };
      let count = 0;
      for (let alpha = 3; alpha < data.length; alpha += 4) if ((data[alpha] ?? 0) > 0) count++;
      return count;
    });
  await agreement.getByRole("button", { name: "Firmar con el nombre escrito" }).click();
  const nameOnly = await inked();
  await signOnPad(page, "Firma del cliente");
  const both = await inked();
  expect(both).toBeGreaterThan(nameOnly);
  await page.setViewportSize({ width: 844, height: 390 });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(inked, { message: "the name and the initial drawn again" }).toBeGreaterThan(both * 0.9);
  await agreement.getByRole("button", { name: "Borrar la firma" }).click();
  expect(await inked()).toBe(0);
  // Signed with the typed name (the way for whoever cannot draw): the agreement says so, not "handwritten".
  // The pad put away after signing raises no error (a walk's page threw an "Event" at that moment).
  const problems = pageProblems(page);
  await agreement.getByRole("button", { name: "Firmar con el nombre escrito" }).click();
  await agreement.getByRole("button", { name: "Firmar contrato" }).click();
  await expect(toast(page, "Contrato firmado (versión 1) y enviado al cliente.")).toBeVisible();
  await expect(agreement.getByText(/Versión 1, firmada por María José Peña/)).toBeVisible();
  expect(problems).toEqual([]);
  await expect(page.getByTestId("unsigned-at-return")).toHaveCount(0);
  const signed = await readPdf(page, testInfo, /Abrir la versión 1 \(PDF\)/, "agreement-v1");
  for (const seen of [
    "Contrato de alquiler",
    "versión 1",
    "María José Peña",
    "001-1234567-8",
    "12,000 km",
    "Puerta trasera (izquierda)",
    "Rayón de 5 cm",
    "Firmado por María José Peña",
    "Nombre escrito y aceptado como firma en pantalla",
  ]) {
    expect(signed).toContain(seen);
  }
  expect(signed).not.toContain("manuscrita");
  await expectNoSeriousViolations(page, "agreement signed");

  // The return form says what its rules charge: fuel at 9.50 an eighth, and no cleaning fee at all.
  await expect(page.getByText(/^Tus reglas no tienen cargo de limpieza: marcarla no cobra nada\./)).toBeVisible();
  await expect(page.getByText("A la entrega: 8/8.", { exact: true })).toBeVisible();
  // The check-out's damage shows in grey on the return's drawing; none added yet is "no new damage",
  // not "no damage noted" under a drawing that shows some.
  await expect(page.getByText("En gris, los daños anotados en la entrega.")).toBeVisible();
  await expect(page.getByText("Sin daños nuevos.", { exact: true })).toBeVisible();
  await expect(page.getByText("Sin daños anotados.", { exact: true })).toHaveCount(0);
  // A digit too many (127500 for 12750) is asked again before a return is priced on it, and a
  // "no" records nothing (an operator's walk recorded 362,300 km in one day, unchangeable).
  const odometer = page.getByLabel("Kilómetros (cuentakilómetros)");
  await odometer.fill("127500");
  await expect(odometer).toHaveAccessibleDescription(
    /^A la entrega: 12,000 km\. Recorridos: 115,500 km en \d+ días?\.$/,
  );
  await page.getByRole("button", { name: "Registrar devolución" }).click();
  const asked = page.getByRole("dialog", { name: "¿Seguro que son 115,500 km?" });
  await expect(asked).toContainText("Es más de 1,500 km por día");
  await asked.getByRole("button", { name: "Cancelar" }).click();
  await expect(asked).toBeHidden();
  expect((await (await owner.api.get(`/api/reservations/${reservation.id}/counter`)).json()).check_in).toBeNull();
  // Back three days early: 750 km against 600 included, two eighths of fuel missing.
  await odometer.fill("12750");
  await expect(odometer).toHaveAccessibleDescription(/Recorridos: 750 km en \d+ días?\.$/);
  await page.getByRole("radio", { name: "6/8: 6 de 8 octavos", exact: true }).check();
  await page.getByLabel("RNC o cédula del cliente").fill("001-1234567-8");
  await page.getByLabel("NCF (comprobante fiscal)").fill("B0100000001");
  await page.getByRole("button", { name: "Registrar devolución" }).click();
  await expect(toast(page, `Devolución registrada: ${reservation.reference} volvió.`)).toBeVisible();
  // The return just recorded takes the focus, its heading.
  await expect(page.getByRole("heading", { name: "Devolución", exact: true })).toBeFocused();
  const charges = page.getByTestId("return-charges");
  await expect(charges).toContainText(`150 km de más × ${usd(25)}`);
  await expect(charges).toContainText(usd(37_50));
  await expect(charges).toContainText(`2 octavos de combustible × ${usd(9_50)}`);
  await expect(charges).toContainText(usd(19_00));
  await expect(charges.getByRole("row", { name: /Total de cargos/ })).toContainText(usd(56_50));
  // The rental's invoice, first of its landing: US$161.07 booked, US$56.50 of charges and their 18 % ITBIS.
  await expect(page.getByTestId("invoice")).toContainText("Factura n.º 1");
  await expect(page.getByTestId("invoice")).toContainText(usd(161_07 + 56_50 + 10_17));
  // A draft until the customer signs for the charges: the card and its link say so.
  await expect(page.getByTestId("invoice")).toContainText("Borrador: los cargos de la devolución esperan la firma");
  await expect(page.getByRole("link", { name: /Ver el borrador de la factura n\.º 1 \(PDF\)/ })).toBeVisible();
  await expectNoSeriousViolations(page, "returned");
  // The customer accepts the charges on the screen: no deposit is held, so they stay due.
  const acceptance = page.getByTestId("charges-acceptance");
  await signOnPad(page, "Firma del cliente");
  await acceptance.getByRole("button", { name: "Aceptar los cargos" }).click();
  await expect(
    toast(page, `María José Peña aceptó los cargos de la devolución: ${usd(56_50 + 10_17)} con impuestos, por cobrar.`),
  ).toBeVisible();
  await expect(page.getByTestId("charges-accepted")).toContainText("Cargos aceptados por María José Peña");
  await expect(page.getByTestId("invoice")).not.toContainText("Borrador");
  const invoice = await readPdf(page, testInfo, /Abrir la factura n\.º 1 \(PDF\)/, "invoice");
  for (const seen of [
    "Factura",
    "N.º 000001",
    "001-1234567-8",
    "B0100000001",
    "150 km de más",
    "Total de la factura (USD)",
  ]) {
    expect(invoice).toContain(seen);
  }
  expect(invoice).toContain(usd(161_07 + 56_50 + 10_17));
  const back = await (await owner.api.get(`/api/reservations/${reservation.id}/counter`)).json();
  expect(back.check_in).toMatchObject({ odometer_km: 12_750, fuel_eighths: 6, charges_total_cents: 56_50 });

  // Invoiced, it cannot be deleted: the dialog says why before anything is sent.
  await page.goto("/reservation");
  await page
    .getByTestId("reservation-card")
    .filter({ hasText: reservation.reference })
    .getByRole("button", { name: `Eliminar la reserva ${reservation.reference}` })
    .click();
  const remove = page.getByRole("dialog", { name: "Esta reserva no se puede eliminar" });
  await expect(remove.getByRole("alert")).toContainText("Esta reserva ya tiene factura y no se puede eliminar");
  await expect(remove.getByRole("button", { name: "Eliminar reserva" })).toHaveCount(0);
  await expect(remove).not.toContainText("Esta acción no se puede deshacer");
  await expect(remove).not.toContainText("cancela la reserva en lugar de eliminarla");
});

/** A desk booking of María José Peña picked up in a few minutes (the counter records a check-out from its pickup day). */
async function todaysBooking(owner: FleetOwner, prefix: string) {
  const pickup = landingTimeIn(0.1);
  test.skip(pickup.date !== landingDay(0), "the pickup would fall on tomorrow, a few minutes before midnight");
  return deskBooking(owner, await createBookableLanding(owner, prefix), pickup, "Santiago");
}

/** The main driver's licence, as the counter's form asks for it. */
async function fillLicence(page: Page) {
  await page.getByLabel("Número de licencia").fill("001-1234567-8");
  await page.getByLabel("País que la emitió").selectOption("DO");
  await page.getByLabel("Vence el").fill("2031-05-31");
  await page.getByLabel("Fecha de nacimiento").fill("1988-06-15");
}

/** A check-out ready to record: the licence, the kilometres shown and a full tank. */
async function fillCheckOut(page: Page, kilometres: string) {
  await fillLicence(page);
  await page.getByLabel("Kilómetros (cuentakilómetros)").fill(kilometres);
  await page.getByLabel("8 de 8 octavos").check();
}

test("Fotos del mostrador shows the photos the check-out names, not the retakes, one taken before a reload kept by the draft", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await signedInOwner("counter-photos", { open: false });
  const reservation = await todaysBooking(owner, "Fotos");
  await page.goto(`/reservation/${reservation.id}/counter`);
  await fillLicence(page);
  await page.getByLabel("Tomar foto de la licencia").setInputFiles(await photo(0, "licencia.png"));
  await expect(page.getByRole("img", { name: "Foto de la licencia" })).toBeVisible();
  // The page reloaded: the form comes back from its draft, the photo with it; it is retaken three times.
  await page.reload();
  await expect(page.getByRole("img", { name: "Foto de la licencia" })).toBeVisible();
  await page.getByLabel("Cambiar foto de la licencia").setInputFiles(await photo(1, "licencia.png"));
  await expect(page.getByText("Subiendo la foto…")).toBeHidden();
  await page.getByLabel("Cambiar foto de la licencia").setInputFiles(await photo(2, "licencia.png"));
  await expect(page.getByText("Subiendo la foto…")).toBeHidden();
  await page.getByLabel("Cambiar foto de la licencia").setInputFiles(await photo(3, "licencia.png"));
  await expect(page.getByText("Subiendo la foto…")).toBeHidden();
  await page.getByRole("button", { name: "Anotar un daño en: Capó" }).click();
  // The button keeps the focus; a screen reader hears the mark was added, and the button counts it.
  await expect(page.getByTestId("damage-added")).toHaveText("Daño 1 anotado en Capó: descríbelo en la lista de daños.");
  await expect(page.getByRole("button", { name: "Anotar un daño en: Capó (1 anotado aquí)" })).toBeFocused();
  await page.getByLabel("Daño 1 (Capó): qué es").fill("Piedra");
  await page.getByLabel("Tomar foto del daño 1").setInputFiles(await photo(4, "capo.png"));
  await expect(page.getByRole("img", { name: "Foto del daño 1" })).toBeVisible();
  await page.getByLabel("Kilómetros (cuentakilómetros)").fill("12000");
  await page.getByLabel("8 de 8 octavos").check();
  await page.getByRole("button", { name: "Registrar entrega" }).click();
  await expect(toast(page, `Entrega registrada: ${reservation.reference} está en alquiler.`)).toBeVisible();

  const card = page.locator("section, div").filter({ has: page.getByRole("heading", { name: "Fotos del mostrador" }) });
  const shown = card.last().getByRole("img");
  await expect(shown).toHaveCount(2);
  await expect(shown.nth(0)).toHaveAccessibleName("Foto 1: licencia de conducir");
  await expect(shown.nth(1)).toHaveAccessibleName("Foto 2: daño");
  const counter = await (await owner.api.get(`/api/reservations/${reservation.id}/counter`)).json();
  expect(counter.photos.map((row: { kind: string }) => row.kind)).toEqual(["licence", "damage"]);
  expect(counter.check_out.drivers[0].licence_photo_id).toBe(counter.photos[0].id);
  expect(counter.check_out.marks[0].photo_id).toBe(counter.photos[1].id);
});

test("what is written while photos upload stays: a driver and a damage added meanwhile are kept and recorded", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await signedInOwner("counter-uploading", { open: false });
  const reservation = await todaysBooking(owner, "Subida");
  await page.goto(`/reservation/${reservation.id}/counter`);
  await fillCheckOut(page, "12000");
  // Every photo's upload held until the rest is written, as on a slow connection at the counter
  // (a walk's finding: the licence photo's answer wrote back the drivers of the moment it was taken).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/reservations/*/photos", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await page.getByLabel("Tomar foto de la licencia").setInputFiles(await photo(0, "licencia.png"));
  await expect(page.getByText("Subiendo la foto…")).toBeVisible();
  await page.getByRole("button", { name: "Añadir conductor" }).click();
  const second = page.getByRole("group", { name: "Conductor adicional 1" });
  await second.getByLabel("Nombre completo").fill("Pedro Gómez");
  await second.getByLabel("Número de licencia").fill("002-7654321-0");
  await second.getByLabel("País que la emitió").selectOption("DO");
  await second.getByLabel("Vence el").fill("2030-01-31");
  await second.getByLabel("Fecha de nacimiento").fill("1990-02-20");
  await page.getByRole("button", { name: "Anotar un daño en: Capó" }).click();
  await page.getByLabel("Daño 1 (Capó): qué es").fill("Piedra");
  await page.getByLabel("Tomar foto del daño 1").setInputFiles(await photo(1, "capo.png"));
  await page.getByRole("button", { name: "Anotar un daño en: Techo" }).click();
  await page.getByLabel("Daño 2 (Techo): qué es").fill("Abolladura");
  release();
  await expect(page.getByRole("img", { name: "Foto de la licencia" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Foto del daño 1" })).toBeVisible();
  await expect(second.getByLabel("Nombre completo")).toHaveValue("Pedro Gómez");
  await expect(page.getByLabel("Daño 1 (Capó): qué es")).toHaveValue("Piedra");
  await expect(page.getByLabel("Daño 2 (Techo): qué es")).toHaveValue("Abolladura");
  await page.getByRole("button", { name: "Registrar entrega" }).click();
  await expect(toast(page, `Entrega registrada: ${reservation.reference} está en alquiler.`)).toBeVisible();
  const stored = await (await owner.api.get(`/api/reservations/${reservation.id}/counter`)).json();
  const photoOf = (kind: string) => stored.photos.find((row: { kind: string }) => row.kind === kind)?.id;
  expect(stored.check_out.drivers).toHaveLength(2);
  expect(stored.check_out.drivers[0].licence_photo_id).toBe(photoOf("licence"));
  expect(stored.check_out.drivers[1]).toMatchObject({ name: "Pedro Gómez", licence_number: "002-7654321-0" });
  expect(stored.check_out.marks).toMatchObject([
    { zone: "hood", note: "Piedra", photo_id: photoOf("damage") },
    { zone: "roof", note: "Abolladura" },
  ]);
});

test("a check-out half written survives a reload of the tab, and its draft goes once it is recorded", async ({
  page,
  signedInOwner,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await signedInOwner("counter-draft", { open: false });
  const reservation = await todaysBooking(owner, "Borrador");
  await page.goto(`/reservation/${reservation.id}/counter`);
  await fillCheckOut(page, "12000");
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "Recuperamos lo que habías anotado" })).toBeVisible();
  await expect(page.getByLabel("Número de licencia")).toHaveValue("001-1234567-8");
  await expect(page.getByLabel("Kilómetros (cuentakilómetros)")).toHaveValue("12000");
  await expect(page.getByLabel("8 de 8 octavos")).toBeChecked();
  await page.getByRole("button", { name: "Registrar entrega" }).click();
  await expect(page.getByRole("heading", { name: /Contrato/ }).first()).toBeVisible();
  const stored = await (await owner.api.get(`/api/reservations/${reservation.id}/counter`)).json();
  expect(stored.check_out?.odometer_km).toBe(12000);
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.includes("check-out")))).toEqual([]);
});

test("a check-out recorded in another tab while this one was noting it says that what was noted here was not recorded", async ({
  page,
  signedInOwner,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const owner = await signedInOwner("counter-two-tabs", { open: false });
  const reservation = await todaysBooking(owner, "Dos pestañas");
  await page.goto(`/reservation/${reservation.id}/counter`);
  await fillCheckOut(page, "12000");
  // The same booking at the counter in a second tab of this browser, recorded there with other kilometres.
  const other = await page.context().newPage();
  await other.goto(`/reservation/${reservation.id}/counter`);
  await fillCheckOut(other, "15000");
  await other.getByRole("button", { name: "Registrar entrega" }).click();
  await expect(other.getByRole("button", { name: "Registrar entrega" })).toHaveCount(0);
  // The first tab follows the booking, and says what became of what it had noted (a walk's finding:
  // its form went without a word).
  await expect(page.getByRole("button", { name: "Registrar entrega" })).toHaveCount(0);
  await expect(page.getByTestId("counter-noted-elsewhere")).toHaveText(
    "La entrega de esta reserva se registró en otra pestaña o en otro dispositivo mientras la anotabas aquí: lo que anotaste en esta pestaña no se registró. Abajo está lo registrado.",
  );
  // The tab that recorded it says nothing of the kind.
  await expect(other.getByTestId("counter-noted-elsewhere")).toHaveCount(0);
  await other.close();
});

test("a check-out sent after the booking was cancelled in another tab reloads the page and says so", async ({
  page,
  signedInOwner,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const owner = await signedInOwner("counter-conflict", { open: false });
  const reservation = await todaysBooking(owner, "Pestañas");
  await page.goto(`/reservation/${reservation.id}/counter`);
  await expect(page.getByText("Confirmada").first()).toBeVisible();
  await fillCheckOut(page, "12000");
  // Tab A cancels the booking meanwhile.
  const cancelled = await owner.api.patch(`/api/reservations/${reservation.id}/status`, {
    data: { status: "cancelled" },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await page.getByRole("button", { name: "Registrar entrega" }).click();
  const conflict = page.getByTestId("counter-conflict");
  await expect(conflict).toContainText(
    "La reserva cambió mientras tenías el formulario abierto: este envío no registró nada.",
  );
  await expect(conflict).toContainText("Solo se entrega una reserva confirmada.");
  await expect(conflict).toContainText("Ahora está: Cancelada.");
  await expect(conflict).toBeInViewport();
  // The header's badge and what can be done are the booking's as it now is.
  await expect(page.getByText("Cancelada", { exact: true })).toBeVisible();
  await expect(page.getByText("Confirmada", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Registrar entrega" })).toHaveCount(0);
  await expect(
    page.getByText("Esta reserva está cancelada: no hay entrega ni devolución que registrar."),
  ).toBeVisible();
  const stored = await (await owner.api.get(`/api/reservations/${reservation.id}/counter`)).json();
  expect(stored.check_out).toBeNull();
});

test.describe("in a browser on another continent's clock", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("kilometres and times read as the rest of the dashboard writes them, on the landing's clock, es and en", async ({
    page,
    signedInOwner,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const owner = await signedInOwner("counter-format", { open: false });
    const reservation = await todaysBooking(owner, "Formato");
    await page.goto(`/reservation/${reservation.id}/counter`);
    await fillCheckOut(page, "12345");
    await page.getByRole("button", { name: "Registrar entrega" }).click();
    await expect(toast(page, `Entrega registrada: ${reservation.reference} está en alquiler.`)).toBeVisible();
    await expect(page.getByText("A la entrega: 12,345 km.")).toBeVisible();
    // No return rules set: missing fuel is said to be free.
    await expect(page.getByText("A la entrega: 8/8. Tus reglas no cobran el combustible que falte.")).toBeVisible();
    // The return time starts at now on the landing's clock, not on Tokyo's, 13 hours ahead of it.
    const returnTime = page.getByLabel("Hora de devolución");
    const shown = await returnTime.inputValue();
    const shownAt = toInstant({ date: shown.slice(0, 10), time: shown.slice(11) }, LANDING_TIME_ZONE);
    expect(Math.abs((shownAt?.getTime() ?? 0) - Date.now()), `${shown} on the landing's clock`).toBeLessThan(120_000);
    // The fuel left unchosen: the gauge is marked, says why and takes the focus (a walk's finding:
    // the focus skipped it and nothing on it was marked).
    await page.getByLabel("Kilómetros (cuentakilómetros)").fill("13000");
    await page.getByRole("button", { name: "Registrar devolución" }).click();
    const emptyTank = page.getByLabel("0 de 8 octavos");
    await expect(emptyTank).toBeFocused();
    await expect(emptyTank).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("group", { name: "Combustible" })).toHaveAccessibleDescription(
      "Elige el nivel de combustible, de vacío (0/8) a lleno (8/8).",
    );
    // A damage charge whose amount is not one: that field is marked, says why and takes the focus.
    await page.getByRole("button", { name: "Añadir cargo por daños" }).click();
    // A reason pasted past its 200 characters is kept whole and refused by name, with the amount.
    const longReason = `Retrovisor roto ${"y rayado ".repeat(22)}`.trim();
    await page.getByLabel("Motivo del cargo 1").fill(longReason);
    await page.getByLabel("Importe del cargo 1").fill("1e9");
    await page.getByLabel("Kilómetros (cuentakilómetros)").fill("13000");
    await page.getByLabel("8 de 8 octavos").check();
    await page.getByRole("button", { name: "Registrar devolución" }).click();
    const amount = page.getByLabel("Importe del cargo 1");
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(amount).toHaveAccessibleDescription("Escribe un importe válido, como 25 o 25.50.");
    const reason = page.getByLabel("Motivo del cargo 1");
    await expect(reason).toHaveValue(longReason);
    await expect(reason).toHaveAttribute("aria-invalid", "true");
    await expect(reason).toHaveAccessibleDescription("Escribe el motivo del cargo por daños (hasta 200 caracteres).");
    await reason.fill("Retrovisor roto");
    await page.getByRole("button", { name: "Registrar devolución" }).click();
    await expect(amount).toBeFocused();
    await expect(reason).not.toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Quitar cargo 1" }).click();
    // The focus is handed to the add button, not dropped to <body>.
    await expect(page.getByRole("button", { name: "Añadir cargo por daños" })).toBeFocused();
    await page.getByLabel("Kilómetros (cuentakilómetros)").fill("12000");
    await page.getByLabel("8 de 8 octavos").check();
    // Fewer kilometres than at check-out and an NCF of the wrong form: both said at once (the
    // kilometres waited for a second refusal).
    await page.getByLabel("NCF (comprobante fiscal)").fill("X12");
    await page.getByRole("button", { name: "Registrar devolución" }).click();
    await expect(
      page.getByText("Los kilómetros a la devolución no pueden ser menos que a la entrega (12,345 km)."),
    ).toBeVisible();
    await expect(page.getByLabel("NCF (comprobante fiscal)")).toHaveAttribute("aria-invalid", "true");
    // The focus goes to the first field refused, not back to the page.
    await expect(page.getByLabel("Kilómetros (cuentakilómetros)")).toBeFocused();
    await page.getByLabel("NCF (comprobante fiscal)").fill("");
    await page.getByLabel("Kilómetros (cuentakilómetros)").fill("13500");
    // A time typed is read on the landing's clock too: an hour from now there is sent as that instant
    // (and refused as still to come), not as 12 hours ago.
    const later = landingTimeIn(1);
    await returnTime.fill(`${later.date}T${later.time}`);
    const [sent] = await Promise.all([
      page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith("/check-in")),
      page.getByRole("button", { name: "Registrar devolución" }).click(),
    ]);
    expect(sent.postDataJSON().returned_at).toBe(toInstant(later, LANDING_TIME_ZONE)?.toISOString());
    await expect(page.getByText("La hora de devolución no puede estar en el futuro.")).toBeVisible();
    await expect(returnTime).toBeFocused();
    // Emptied, it is now again (the server's moment of receiving it). A dropped connection first:
    // said so, and nothing recorded.
    await returnTime.fill("");
    await page.route("**/check-in", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Registrar devolución" }).click();
    await expect(page.getByText("No se pudo guardar. Revisa la conexión e inténtalo de nuevo.")).toBeVisible();
    await page.unroute("**/check-in");
    await page.getByRole("button", { name: "Registrar devolución" }).click();
    await expect(toast(page, `Devolución registrada: ${reservation.reference} volvió.`)).toBeVisible();

    const counter = await (await owner.api.get(`/api/reservations/${reservation.id}/counter`)).json();
    /** An instant as the landing's wall clock reads it: "30-11-2026 · 5:55 AM" / "Nov 30, 2026 · 5:55 AM". */
    const onLandingClock = (iso: string, language: "es" | "en") => {
      const part = (options: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat("en-US", { timeZone: LANDING_TIME_ZONE, ...options }).format(new Date(iso));
      const time = part({ hour: "numeric", minute: "2-digit", hour12: true });
      const date =
        language === "es"
          ? `${part({ day: "2-digit" })}-${part({ month: "2-digit" })}-${part({ year: "numeric" })}`
          : part({ month: "short", day: "numeric", year: "numeric" });
      return `${date} · ${time}`;
    };
    const out = page
      .locator("div")
      .filter({ has: page.getByRole("heading", { name: "Entrega", exact: true }) })
      .last();
    const back = page
      .locator("div")
      .filter({ has: page.getByRole("heading", { name: "Devolución", exact: true }) })
      .last();
    await expect(out).toContainText(`Cuándo${onLandingClock(counter.check_out.at, "es")}`);
    await expect(out).toContainText("12,345 km");
    await expect(back).toContainText(`Cuándo${onLandingClock(counter.check_in.at, "es")}`);
    await expect(back).toContainText("13,500 km (1,155 km recorridos)");

    await page.evaluate(() => localStorage.setItem("nelly.lang", "en"));
    await page.reload();
    const outEn = page.locator("div").filter({ has: page.getByRole("heading", { name: "Check-out", exact: true }) });
    await expect(outEn.last()).toContainText(`When${onLandingClock(counter.check_out.at, "en")}`);
    await expect(outEn.last()).toContainText("12,345 km");
    await expect(page.getByText("13,500 km (1,155 km driven)")).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem("nelly.lang", "es"));
    await page.reload();
    await expect(page.getByText("13,500 km (1,155 km recorridos)")).toBeVisible();
  });
});

test("the licence's country: each current country once, by name, nothing that is not a country", async ({
  page,
  signedInOwner,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await signedInOwner("counter-countries", { open: false });
  const reservation = await todaysBooking(owner, "Países");
  await page.goto(`/reservation/${reservation.id}/counter`);
  // "Elige un país", then each current country once.
  await expect(page.getByLabel("País que la emitió").locator("option")).toHaveCount(250);
  const labelsOf = () =>
    page
      .getByLabel("País que la emitió")
      .locator("option")
      .evaluateAll((options) => options.slice(1).map((option) => option.textContent ?? ""));
  const spanish = await labelsOf();
  expect(spanish.length).toBe(249);
  expect(new Set(spanish).size).toBe(spanish.length);
  expect(spanish).toEqual([...spanish].sort((a, b) => a.localeCompare(b, "es")));
  expect(spanish).toContain("República Dominicana");
  for (const name of [
    "Pseudoacentos",
    "Pseudobidi",
    "Región desconocida",
    "Unión Europea",
    "zona del euro",
    "Naciones Unidas",
  ]) {
    expect(spanish).not.toContain(name);
  }
  await page.evaluate(() => localStorage.setItem("nelly.lang", "en"));
  await page.reload();
  await expect(page.getByLabel("Issuing country").locator("option")).toHaveCount(250);
  const english = await page
    .getByLabel("Issuing country")
    .locator("option")
    .evaluateAll((options) => options.slice(1).map((option) => option.textContent ?? ""));
  expect(new Set(english).size).toBe(249);
  expect(english).toContain("Dominican Republic");
  expect(english).not.toContain("European Union");
});

for (const width of [360, 390]) {
  test(`the fuel gauge at ${width} px: every choice a 44 px target, its word inside it`, async ({
    page,
    signedInOwner,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const owner = await signedInOwner(`counter-fuel-${width}`, { open: false });
    const reservation = await todaysBooking(owner, "Combustible");
    await page.goto(`/reservation/${reservation.id}/counter`);
    const gauge = page.getByRole("group", { name: "Combustible" });
    const choices = gauge.locator("label");
    await expect(choices).toHaveCount(9);
    for (let eighths = 0; eighths <= 8; eighths++) {
      const box = await choices.nth(eighths).boundingBox();
      expect(box?.width, `${eighths}/8 wide`).toBeGreaterThanOrEqual(44);
      expect(box?.height, `${eighths}/8 high`).toBeGreaterThanOrEqual(44);
      // The word fits inside its choice, clear of the border.
      const fits = await choices
        .nth(eighths)
        .locator("span")
        .last()
        .evaluate((word) => {
          const inner = word.getBoundingClientRect();
          const outer = (word.parentElement as HTMLElement).getBoundingClientRect();
          return inner.left >= outer.left + 2 && inner.right <= outer.right - 2;
        });
      expect(fits, `${eighths}/8's word inside`).toBe(true);
    }
    await page.getByLabel("4 de 8 octavos").check();
    await page.evaluate(() => localStorage.setItem("nelly.lang", "en"));
    await page.reload();
    await page.getByLabel("4 of 8 eighths").check();
  });
}
