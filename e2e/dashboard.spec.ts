import { expect, request as playwrightRequest } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { test } from "./support/fleet";
import { addDays, book, createBookableLanding, LANDING_TIME_ZONE, landingDay, usd } from "./support/reservations";

// Issue 11, items 3 and 4: the home page at a glance, from a seeded business whose figures are
// known: two bookings from the site (one confirmed), one taken by phone at an agreed price, and
// a few visits to the site's pages.
test.use({ timezoneId: LANDING_TIME_ZONE });

type FunnelAnswer = { steps: { step: string; count: number }[] };

test("Inicio shows tomorrow's pickups, the month's figures, both charts and the visits funnel, and follows a new booking live", async ({
  page,
  signedInOwner,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await signedInOwner("dashboard");
  const landing = await createBookableLanding(owner, "Inicio");
  const today = landingDay(0);
  const tomorrow = landingDay(1);

  // 3 days at 45.50 with ITBIS: 161.07 each from the site; 150.00 agreed on the phone.
  await book(landing, { name: "Ana", start: 1, length: 3 });
  const luis = await book(landing, { name: "Luis", start: 1, length: 3 });
  const confirmed = await owner.api.patch(`/api/reservations/${luis.id}/status`, { data: { status: "confirmed" } });
  expect(confirmed.status()).toBe(200);
  const manual = await owner.api.post(`/api/landings/${landing.id}/reservations`, {
    data: {
      id_vehicle: landing.vehicle.id,
      place_of_departure: "Santiago",
      arrival_place: "Santiago",
      date_of_departure: tomorrow,
      time_of_departure: "12:00",
      date_of_arrival: addDays(tomorrow, 3),
      time_of_arrival: "12:00",
      number_person: 1,
      name: "Pedro",
      phone: "809 555 0123",
      price_override: { total_cents: 150_00, reason: "Cliente frecuente" },
    },
  });
  expect(manual.status(), await manual.text()).toBe(201);

  // Visits from a phone's browser: 4 homes, 2 lists, 1 vehicle page.
  const visitor = await playwrightRequest.newContext({ baseURL });
  try {
    for (const [path, times] of [
      ["", 4],
      ["/vehicle", 2],
      [`/vehicles/${landing.vehicle.id}`, 1],
    ] as const) {
      for (let visit = 0; visit < times; visit++) {
        expect((await visitor.get(`/${landing.name}${path}`)).status()).toBe(200);
      }
    }
  } finally {
    await visitor.dispose();
  }
  // Views are written in batches: wait until the server has them.
  await expect
    .poll(async () => {
      const answer = await owner.api.get(`/api/insights/funnel?landing=${landing.id}`);
      return ((await answer.json()) as FunnelAnswer).steps.find((step) => step.step === "home")?.count;
    })
    .toBe(4);

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Inicio", level: 1 })).toBeVisible();
  const tomorrowCard = page.getByRole("region", { name: /^Mañana/ });
  await expect(tomorrowCard.getByRole("link", { name: /^Abrir la reserva NLY-/ })).toHaveCount(3);
  for (const customer of ["Ana Peña", "Luis Peña", "Pedro"]) {
    await expect(tomorrowCard.getByText(customer, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("region", { name: /^Hoy/ }).getByText("Ninguna recogida pendiente.")).toBeVisible();
  // The day and its date read apart ("Hoydomingo…" to a screen reader before).
  await expect(page.getByRole("heading", { name: /^Hoy \S/ })).toBeVisible();

  const figure = (name: string) => page.getByRole("region", { name }).locator("[data-figure]");
  await expect(figure("Por confirmar")).toHaveText("1");
  // Each figure is named for what it counts (issue 25.5). Bookings made this month: all three,
  // made today. Revenue by pickup date: tomorrow may already be next month. Confirmed revenue
  // still ahead: Luis's and Pedro's, whichever month tomorrow is.
  const sameMonth = tomorrow.slice(0, 7) === today.slice(0, 7);
  await expect(figure("Reservas hechas este mes")).toHaveText("3");
  // Revenue counts money received (PRODUCT §11): none yet, all is paid at pickup. The bookings'
  // prices are shown beside it, never called revenue.
  await expect(figure("Ingresos este mes")).toHaveText(usd(0));
  await expect(page.getByRole("region", { name: "Ingresos este mes" }).getByTestId("booked-this-month")).toHaveText(
    `Reservado con recogida este mes: ${usd(sameMonth ? 311_07 : 0)}`,
  );
  await expect(figure("Reservado por venir")).toHaveText(usd(311_07));
  await expect(page.getByRole("region", { name: "Reservado por venir" })).toContainText(
    "2 reservas confirmadas aún por recoger.",
  );

  // Both charts are drawn, and their figures are in tables too.
  await expect(page.locator(".recharts-wrapper")).toHaveCount(2);
  const perDay = page.getByRole("region", { name: "Reservas por día", exact: true });
  await perDay.getByRole("button", { name: "Ver los datos en una tabla" }).click();
  const todayLabel = new Intl.DateTimeFormat("es-DO", { dateStyle: "full", timeZone: "UTC" }).format(
    new Date(`${today}T00:00:00Z`),
  );
  await expect(perDay.getByRole("row", { name: todayLabel })).toHaveText(`${todayLabel}213`);
  const perMonth = page.getByRole("region", { name: "Reservado por mes de recogida", exact: true });
  const monthLabel = new Intl.DateTimeFormat("es-DO", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${tomorrow.slice(0, 7)}-01T00:00:00Z`),
  );
  await expect(perMonth.getByRole("row", { name: monthLabel })).toContainText(usd(311_07));
  // A day pointed at: its figures read "Desde el sitio: 2", no space before the colon.
  const chart = perDay.locator(".recharts-wrapper");
  const box = await chart.boundingBox();
  if (!box) throw new Error("the chart has no box");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(perDay.locator(".recharts-tooltip-item").first()).toHaveText(/^Desde el sitio: \d+$/);
  await page.mouse.move(0, 0);
  // A month's bookings are a bar over that month (a line drawn through the months made one month a
  // peak between two labels); pointed at, it says the landing's total for the month.
  const monthBars = perMonth.locator(".recharts-bar-rectangle path");
  await expect(monthBars).toHaveCount(1);
  await monthBars.hover();
  await expect(perMonth.locator(".recharts-tooltip-item")).toHaveText(
    new RegExp(`: ${usd(311_07).replace("$", "\\$")}$`),
  );
  await page.mouse.move(0, 0);

  // The funnel: 4 homes, 2 lists (50 %), 1 vehicle, 0 reviews, 2 bookings from the site.
  const funnel = page.locator("[data-funnel]");
  await expect(funnel.locator('[data-funnel-count="home"]')).toHaveText("4 vistas");
  await expect(funnel.locator('[data-funnel-count="list"]')).toHaveText("2 vistas");
  await expect(funnel.locator('[data-funnel-count="vehicle"]')).toHaveText("1 vista");
  await expect(funnel.locator('[data-funnel-count="booked"]')).toHaveText("2 reservas");
  // Two bookings after no review page views: said in words, never as "200 %" (issue 25.19).
  await expect(funnel.locator("li").filter({ hasText: "Reservas desde tu sitio" })).toContainText(
    "Más que en el paso anterior",
  );
  await expect(funnel.getByText(/\d{3,}\s?% del paso anterior/)).toHaveCount(0);
  await expect(page.getByText(/^Conversión total: 50\s?% de las visitas/)).toBeVisible();
  await expectNoSeriousViolations(page);

  // Without a connection the page says so, and stops saying it when the connection returns.
  await page.context().setOffline(true);
  await expect(page.getByText("Sin conexión.")).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByText("Sin conexión.")).toBeHidden();

  // A booking made now shows up without a reload.
  await book(landing, { name: "Rosa", start: 1, length: 2 });
  await expect(figure("Por confirmar")).toHaveText("2", { timeout: 10_000 });
  await expect(tomorrowCard.getByText("Rosa Peña", { exact: true })).toBeVisible();
});

test("when the charts' code cannot arrive, Inicio keeps its figures and offers to try again", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("dashboard-charts-offline", { open: false });
  await createBookableLanding(owner, "Sin gráficos");
  let blocked = true;
  await page.route(/\/assets\/dashboard-charts-[\w-]+\.js$/, (route) => (blocked ? route.abort() : route.continue()));
  await page.goto("/dashboard");
  const failed = page.getByRole("alert").filter({ hasText: "No pudimos cargar los gráficos" });
  await expect(failed).toBeVisible();
  await expect(page.getByRole("region", { name: "Por confirmar" })).toBeVisible();

  blocked = false;
  await failed.getByRole("button", { name: "Reintentar" }).click();
  await expect(page.getByRole("region", { name: "Reservas por día", exact: true })).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test("a dashboard opened without a connection says so, and loads its list once the connection returns", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("opened-offline", { open: false });
  const landing = await createBookableLanding(owner, "Sin red");
  const booked = await book(landing, { name: "Nora" });
  // The browser has had no connection since before the page's scripts ran: it says so when asked,
  // and no "offline" event comes. Its pages come from its cache; the server cannot be reached.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "onLine", {
      configurable: true,
      get: () => (window as { cameOnline?: boolean }).cameOnline === true,
    });
  });
  await page.route(/\/api\/reservations/, (route) => route.abort("internetdisconnected"));
  await page.goto("/reservation");
  await expect(page.getByText("Sin conexión.")).toBeVisible();
  // Waiting for the connection, not failing for good: no error in place of the list.
  await expect(page.getByText("Error al cargar las reservas.")).toHaveCount(0);

  await page.unroute(/\/api\/reservations/);
  await page.evaluate(() => {
    (window as { cameOnline?: boolean }).cameOnline = true;
    window.dispatchEvent(new Event("online"));
  });
  await expect(page.getByText("Sin conexión.")).toBeHidden();
  await expect(page.getByRole("main").getByRole("button", { name: booked.reference, exact: true })).toBeVisible();
});

test("a page whose code cannot arrive without a connection says so, and opens by itself once the connection returns", async ({
  page,
  signedInOwner,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInOwner("page-offline", { open: false });
  await page.goto("/reservation");
  await expect(page.getByRole("heading", { level: 1, name: "Reservaciones" })).toBeVisible();
  await page.context().setOffline(true);
  await page.getByRole("navigation").getByRole("link", { name: "Clientes" }).click();
  await expect(
    page.getByText("Esta página no llegó a cargarse porque no hay conexión. Se abrirá sola cuando vuelva la conexión."),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Esta página necesita conexión." })).toBeVisible();
  await expect(page.getByText("¡Ups! Algo salió mal.")).toHaveCount(0);
  await expect(page).toHaveTitle("Sin conexión | Nelly");
  // A reload offline would bring the browser's own error page: no "Reintentar" while offline.
  await expect(page.getByRole("button", { name: "Reintentar" })).toHaveCount(0);
  await expect(page.getByText("Sin conexión.")).toBeVisible();
  // The browser keeps a failed module for the document: the page comes back by loading it again.
  await page.context().setOffline(false);
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
  await expect(page).toHaveURL(/\/customers$/);
});
