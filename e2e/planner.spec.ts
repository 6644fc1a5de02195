import { expect } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { test, toast } from "./support/fleet";
import {
  addDays,
  book,
  createBookableLanding,
  dialog,
  LANDING_TIME_ZONE,
  landingDay,
  storedReservation,
  tryBooking,
} from "./support/reservations";

// Issue 11, item 1: the planner. Its weeks start today on the landing's calendar, so the browser
// reads the clock where the landing is.
test.use({ timezoneId: LANDING_TIME_ZONE });

test("the planner walks through weeks and months, opens a booking and books a free day that the site then refuses", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const owner = await signedInOwner("planner");
  const landing = await createBookableLanding(owner, "Planificador", { units: "1" });
  const carla = await book(landing, { name: "Carla", last_name: "Ruiz", start: 1, length: 2 });

  await page.goto("/planner");
  await expect(page.getByRole("heading", { name: "Planificador", level: 1 })).toBeVisible();
  const grid = page.getByRole("region", { name: "Planificador de la flota" });
  const carlaBar = grid.getByRole("button", { name: new RegExp(`^Carla Ruiz, ${carla.reference}, Pendiente, del `) });
  await expect(carlaBar).toBeVisible();
  await expect(grid.getByRole("heading", { name: landing.vehicle.name })).toBeVisible();
  await expectNoSeriousViolations(page);

  // Next week has nothing; the back button returns to this one, from the address.
  const range = page.getByTestId("planner-range");
  const thisWeek = (await range.textContent()) ?? "";
  await page.getByRole("button", { name: "Semana siguiente" }).click();
  await expect(range).not.toHaveText(thisWeek);
  await expect(page).toHaveURL(new RegExp(`from=${addDays(landingDay(0), 7)}`));
  await expect(carlaBar).toHaveCount(0);
  await page.goBack();
  await expect(range).toHaveText(thisWeek);
  await expect(carlaBar).toBeVisible();

  // The month view runs from the 1st to the month's last day.
  await page.getByRole("button", { name: "Mes", exact: true }).click();
  await expect(page).toHaveURL(/view=month/);
  await expect(range).toHaveText(/^1 – (28|29|30|31) de /);
  await page.getByRole("button", { name: "Semana", exact: true }).click();
  await expect(carlaBar).toBeVisible();

  // A bar opens its reservation.
  await carlaBar.click();
  const detail = dialog(page, new RegExp(`Reserva ${carla.reference}`));
  await expect(detail.getByText("Carla", { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(detail).toBeHidden();

  // A free day, five days on, starts a manual booking for that vehicle and day.
  const lane = grid.locator("[data-planner-lane]").first();
  const box = await lane.boundingBox();
  const dayWidth = (box?.width ?? 0) / 7;
  await lane.click({ position: { x: dayWidth * 5.5, y: 20 } });
  const form = dialog(page, "Nueva reserva");
  const pickup = landingDay(5);
  await expect(form.getByLabel("Vehículo")).toHaveValue(String(landing.vehicle.id));
  await expect(form.getByLabel("Fecha de recogida")).toHaveValue(pickup);
  await form.getByLabel("Fecha de devolución").fill(addDays(pickup, 2));
  await form.getByLabel("Nombre", { exact: true }).fill("Pedro");
  await form.getByLabel("Teléfono").fill("809 555 0123");
  await expect(form.getByText("Hay una unidad libre en esas fechas.")).toBeVisible();
  await form.getByRole("button", { name: "Guardar reserva" }).click();
  const created = toast(page, /^Reserva NLY-[A-Z0-9]{6} creada\.$/);
  await expect(created).toBeVisible();
  await expect(form).toBeHidden();
  const reference = /NLY-[A-Z0-9]{6}/.exec((await created.textContent()) ?? "")?.[0] ?? "";
  await expect(
    grid.getByRole("button", { name: new RegExp(`^Pedro, ${reference}, Confirmada, reserva manual, del `) }),
  ).toBeVisible();
  expect(await storedReservation(owner, landing.id, reference)).toMatchObject({
    source: "manual",
    status: "confirmed",
    date_of_departure: pickup,
    date_of_arrival: addDays(pickup, 2),
  });

  // The site's only unit is taken for those days: a visitor is refused.
  expect((await tryBooking(landing, addDays(pickup, 1), 2)).status).toBe(409);

  // On a phone the planner is a day's agenda: tomorrow is Carla's pickup.
  await page.setViewportSize({ width: 390, height: 844 });
  const days = page.getByRole("group", { name: "Elige un día" });
  await expect(days).toBeVisible();
  await days.getByRole("button").nth(1).click();
  await expect(
    page.getByRole("button", { name: new RegExp(`^Recogida: Carla Ruiz, ${carla.reference}`) }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`day=${landingDay(1)}`));
  await expectNoSeriousViolations(page);
});
