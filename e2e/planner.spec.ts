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
  const owner = await signedInOwner("planner", { open: false });
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
  // Focus goes back to the bar once the dialog is gone; focusing a day before that lost the race.
  await expect(carlaBar).toBeFocused();
  // Enter on the bar opens it again, after the mouse's press above.
  await page.keyboard.press("Enter");
  await expect(detail).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(detail).toBeHidden();
  // Again: the dialog hands focus back to the bar after it is hidden, and a day focused before
  // that lost it to the bar (CI, 2026-12-07: the arrow then moved nothing).
  await expect(carlaBar).toBeFocused();

  // By keyboard: the vehicle's one day button in the Tab order, the arrows and Home/End move along
  // its days (they did nothing: the test read the empty data-planner-day as false).
  const dayButtons = grid.locator(`button[data-planner-day]`);
  const tabbable = grid.locator(`button[data-planner-day][tabindex="0"]`).first();
  await tabbable.focus();
  const at = async () =>
    dayButtons.evaluateAll((buttons) => buttons.indexOf(document.activeElement as HTMLButtonElement));
  const start = await at();
  await page.keyboard.press("ArrowRight");
  expect(await at()).toBe(start + 1);
  await page.keyboard.press("End");
  expect(await at()).toBe(6);
  await page.keyboard.press("Home");
  expect(await at()).toBe(0);
  await expect(page.locator(":focus")).toHaveAccessibleName(
    new RegExp(`^Nueva reserva de ${landing.vehicle.name} el `),
  );

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
  await expect(form.getByText("Disponible en esas fechas.")).toBeVisible();
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
  // The week's seven days fit the phone's width, none cut at the edge.
  await expect(days.getByRole("button")).toHaveCount(7);
  expect(await days.evaluate((strip) => strip.scrollWidth - strip.clientWidth)).toBeLessThanOrEqual(0);
  await days.getByRole("button").nth(1).click();
  await expect(
    page.getByRole("button", { name: new RegExp(`^Recogida: Carla Ruiz, ${carla.reference}`) }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`day=${landingDay(1)}`));
  await expectNoSeriousViolations(page);
  // A link that names only a day, two weeks ahead, opens on that day's week with the day chosen.
  const later = landingDay(15);
  await page.goto(`/planner?landing=${landing.id}&day=${later}`);
  await expect(days.getByRole("button", { pressed: true })).toContainText(String(Number(later.slice(8))));
  await expect(days.getByRole("button").first()).toContainText(String(Number(later.slice(8))));
  await page.goBack();

  // A car still out past its planned return (issue 28) is drawn through the end of today, striped
  // after its return, and named overdue. The server's side (the hold, the lanes) is the API tests'
  // (server/planner/planner.test.ts); its clock cannot be moved here, so the answer gains the bar
  // the server sends for such a car: due back at 06:00 today.
  const today = landingDay(0);
  await page.route(
    (url) => /^\/api\/planner\/\d+$/.test(url.pathname),
    async (route) => {
      const response = await route.fetch();
      const planner = await response.json();
      planner.vehicles[0].lanes[0].reservations.unshift({
        id: 2_000_000_001,
        reference: "NLY-LATE01",
        status: "on_rent",
        source: "public",
        customer: "Luis Peña",
        start: new Date(Date.now() - 2 * 86_400_000).toISOString(),
        end: new Date(Date.now() - 3_600_000).toISOString(),
        start_local: `${addDays(today, -2)}T10:00`,
        end_local: `${today}T06:00`,
        unit: null,
        overdue: true,
        express: false,
        held_until: new Date(Date.now() + 3_600_000).toISOString(),
        held_until_local: `${addDays(today, 1)}T00:00`,
      });
      await route.fulfill({ response, json: planner });
    },
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/planner?landing=${landing.id}`);
  const late = grid.getByRole("button", {
    name: /^Luis Peña, NLY-LATE01, En alquiler, Atrasado: devolución prevista el \d+ \S+, 6:00[^(]* \(hace 1 hora\), recogida el /,
  });
  await expect(late).toBeVisible();
  await expect(late).toHaveAttribute("title", (await late.getAttribute("aria-label")) ?? "");
  await expect(late).toContainText("Atrasado");
  const todayLane = await grid.locator("[data-planner-lane]").first().boundingBox();
  const bar = await late.boundingBox();
  const stripes = await late.locator("[data-planner-overdue]").boundingBox();
  if (!todayLane || !bar || !stripes) throw new Error("the overdue bar is not drawn");
  const day = todayLane.width / 7;
  // The week starts today: the bar runs past its return at 06:00 (a quarter of the day) to the
  // end of today's column, striped from the return on.
  expect(bar.x + bar.width).toBeGreaterThan(todayLane.x + day - 4);
  expect(bar.x + bar.width).toBeLessThan(todayLane.x + day + 1);
  expect(Math.abs(stripes.x - (todayLane.x + day / 4))).toBeLessThan(3);
  await expectNoSeriousViolations(page);
});

// A walk's finding: a bar dragged onto the other unit's lane opened a new booking where the mouse
// was let go; so did a drag along a free lane. A drag is no click: nothing opens.
test("dragging a bar or along a lane opens nothing", async ({ page, signedInOwner }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const owner = await signedInOwner("planner-drag", { open: false });
  const landing = await createBookableLanding(owner, "Arrastre", { units: "2" });
  const carla = await book(landing, { name: "Carla", last_name: "Ruiz", start: 1, length: 2 });
  await page.goto("/planner");
  const grid = page.getByRole("region", { name: "Planificador de la flota" });
  const bar = grid.getByRole("button", { name: new RegExp(`^Carla Ruiz, ${carla.reference}, `) });
  const from = await bar.boundingBox();
  const lanes = grid.locator("[data-planner-lane]");
  const free = await lanes.nth(1).boundingBox();
  if (!from || !free) throw new Error("the bar or the free lane has no box");
  const drag = async (start: { x: number; y: number }, end: { x: number; y: number }) => {
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(end.x, end.y, { steps: 10 });
    await page.mouse.up();
  };
  const day = free.width / 7;
  // Each followed by long enough for the booking form's code to arrive, had the drag asked for it.
  const opensNothing = async () => {
    await page.waitForTimeout(2_000);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  };
  await drag({ x: from.x + from.width / 2, y: from.y + from.height / 2 }, { x: free.x + day * 4.5, y: free.y + 20 });
  await opensNothing();
  await drag({ x: free.x + day * 4.2, y: free.y + 20 }, { x: free.x + day * 5.8, y: free.y + 20 });
  await opensNothing();
  // A click is still a click: on the bar, its booking; on a free day, a new one.
  await bar.click();
  const detail = dialog(page, new RegExp(`Reserva ${carla.reference}`));
  await expect(detail).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(detail).toBeHidden();
  await lanes.nth(1).click({ position: { x: day * 5.5, y: 20 } });
  await expect(dialog(page, "Nueva reserva")).toBeVisible();
});

// A walk's finding: with the browser's calendar a day away from the landing's (an owner abroad, or
// a machine kept in UTC in the evening), the planner opened on the browser's today and left the
// landing's out of its week. A zone the landing's date is never the same in: Kiritimati (UTC+14)
// from 06:00 in Santo Domingo, Pago Pago (UTC-11) before 07:00.
test.describe("with the browser's calendar a day away from the landing's", () => {
  const landingHour = Number(
    new Intl.DateTimeFormat("en-GB", { timeZone: LANDING_TIME_ZONE, hour: "numeric", hourCycle: "h23" }).format(
      new Date(),
    ),
  );
  test.use({ timezoneId: landingHour < 6 ? "Pacific/Pago_Pago" : "Pacific/Kiritimati" });

  test("the planner opens on the landing's today", async ({ page, signedInOwner }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const owner = await signedInOwner("planner-abroad", { open: false });
    await createBookableLanding(owner, "Planificador Lejos", { units: "1" });
    const browserToday = await page.evaluate(() => new Date().toLocaleDateString("en-CA"));
    expect(browserToday).not.toBe(landingDay(0));
    await page.goto("/planner");
    await expect(page).toHaveURL(new RegExp(`from=${landingDay(0)}`));
    const grid = page.getByRole("region", { name: "Planificador de la flota" });
    await expect(grid.getByText("hoy", { exact: true })).toHaveCount(1);
    // Back leaves the planner rather than step to the browser's day.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/planner/);
  });
});
