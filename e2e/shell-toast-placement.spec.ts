import { expect, type Page, type Request } from "@playwright/test";
import { createLanding, createVehicle, type FleetOwner, setDraftLanding, test } from "./support/fleet";
import { openInDashboard } from "./support/navigation";
import { landingDay } from "./support/reservations";

// Issue 7, item 8: a toast covers no action. The toaster is fixed, so where a toast sits depends
// only on the screen's width: one real toast (the longest kind the dashboard shows) gives its
// zone, and then every owner screen, as it is when its toasts appear, is checked under it: at the
// top (header actions, dialogs' results) nothing to click, tap or type in; scrolled to the end of
// a long form (its save) no link, button or tab. Without the fix, the designer's "Cancelar
// proceso" on a phone, the landing detail's and preview's buttons at 1024-1279 px, and the preview's
// back link on a phone were under it.

test.describe.configure({ timeout: 180_000 });

type Box = { x: number; y: number; width: number; height: number };

const LONG_MESSAGE = "No pudimos guardar los cambios porque el servidor tardó demasiado en responder.";

/** The zone a toast takes: a real one, made to say a two-line message, measured where it rests. */
async function toastZone(page: Page): Promise<Box> {
  await page.goto("/user-config");
  await page.route("**/api/users-update/*", (route) =>
    route.fulfill({ status: 422, contentType: "application/json", body: JSON.stringify({ message: LONG_MESSAGE }) }),
  );
  await page.getByLabel("Teléfono").fill("809-555-0100");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: LONG_MESSAGE });
  await expect(toast).toBeVisible();
  // Resting: the entry animation is over when two measures a frame apart agree.
  await expect
    .poll(async () => {
      const first = await toast.boundingBox();
      await page.waitForTimeout(100);
      return JSON.stringify(first) === JSON.stringify(await toast.boundingBox());
    })
    .toBe(true);
  const zone = (await toast.boundingBox()) as Box;
  await page.unroute("**/api/users-update/*");
  await page.getByRole("button", { name: "Descartar cambios" }).click();
  return zone;
}

/**
 * What can be clicked or tapped (links, buttons, tabs) under the zone, and with `fields` also what
 * can be typed in or switched; described for the failure message.
 */
async function actionsUnder(page: Page, zone: Box, fields: boolean): Promise<string[]> {
  return page.evaluate(
    ({ box, withFields }) => {
      const actions = 'a[href], button:not([role="switch"]), summary, [role="button"], [role="tab"], [role="link"]';
      const inputs = 'input:not([type="hidden"]), select, textarea, [role="switch"], [contenteditable="true"]';
      const found: string[] = [];
      for (const element of Array.from(
        document.querySelectorAll<HTMLElement>(withFields ? `${actions}, ${inputs}` : actions),
      )) {
        if (element.closest("[data-sonner-toaster]")) continue;
        // A visually hidden input is operated through its visible label, measured instead.
        const target =
          element instanceof HTMLInputElement && element.getBoundingClientRect().width <= 1
            ? (element.closest("label") ?? element)
            : element;
        const rect = target.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) continue;
        const style = getComputedStyle(target);
        if (style.visibility === "hidden" || style.display === "none") continue;
        const apart =
          rect.right <= box.x ||
          rect.left >= box.x + box.width ||
          rect.bottom <= box.y ||
          rect.top >= box.y + box.height;
        if (apart) continue;
        const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40);
        found.push(
          `${element.tagName.toLowerCase()} «${name}» at ${Math.round(rect.left)},${Math.round(rect.top)} ${Math.round(rect.width)}x${Math.round(rect.height)}`,
        );
      }
      return found;
    },
    { box: zone, withFields: fields },
  );
}

/**
 * Waits until the page has no request in flight and none started for 100 ms: what Playwright's
 * "networkidle" waits for, without its fixed half second per screen (19 screens, four widths).
 */
function watchRequests(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  // The dashboard's live updates are one stream that stays open for good.
  const counted = (request: Request) => !request.url().includes("/api/live");
  const started = (request: Request) => {
    if (!counted(request)) return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return () =>
    expect
      .poll(() => inFlight.size === 0 && Date.now() - lastChange >= 100, { intervals: [50], timeout: 15_000 })
      .toBe(true);
}

type Screen = {
  name: string;
  open: (page: Page) => Promise<void>;
  /** A long form saved from its end: checked there too. */
  form?: boolean;
};

async function seed(owner: FleetOwner) {
  const published = await createLanding(owner, "Publicada");
  const car = await createVehicle(owner, published.id);
  await owner.api.post(`/api/landings/${published.id}/addLocation`, {
    data: { place_of_departure: "Aeropuerto SDQ", arrival_place: "Zona Colonial" },
  });
  const status = await owner.api.patch("/api/landing/status", {
    data: { landing_id: published.id, user_id: owner.id, status: "published" },
  });
  expect(status.status(), await status.text()).toBe(200);
  // A booking taken by phone: its customer's page (issue 28.7).
  const booked = await owner.api.post(`/api/landings/${published.id}/reservations`, {
    data: {
      id_vehicle: car.id,
      place_of_departure: "Aeropuerto SDQ",
      arrival_place: "Zona Colonial",
      date_of_departure: landingDay(10),
      time_of_departure: "10:00",
      date_of_arrival: landingDay(12),
      time_of_arrival: "10:00",
      number_person: 1,
      name: "Ana",
      last_name: "Almonte",
      phone: "+1 809 555 0123",
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const customers = (await (await owner.api.get("/api/customers")).json()) as { customers: { id: number }[] };
  const customerId = customers.customers[0]?.id ?? 0;
  const draft = await createLanding(owner, "Borrador");
  const vehicle = await createVehicle(owner, draft.id);
  await owner.api.post(`/api/landings/${draft.id}/addLocation`, {
    data: { place_of_departure: "Aeropuerto SDQ", arrival_place: "Zona Colonial" },
  });
  await owner.api.post("/api/special-features", { data: { name: "Wifi", description: "Internet a bordo." } });
  const trashed = await createLanding(owner, "Papelera");
  expect((await owner.api.delete(`/api/landing/${trashed.id}`)).status()).toBe(200);
  return { published, draft, vehicle, customerId };
}

function screens(seeded: Awaited<ReturnType<typeof seed>>): Screen[] {
  const { published, draft, vehicle, customerId } = seeded;
  const main = (page: Page) => page.getByRole("main");
  const heading = (page: Page, name: string | RegExp) =>
    expect(main(page).getByRole("heading", { level: 1, name })).toBeVisible();
  return [
    {
      name: "landings",
      open: async (page) => {
        await openInDashboard(page, "/landings");
        await heading(page, "Landings");
      },
    },
    {
      name: "reservations",
      open: async (page) => {
        await openInDashboard(page, "/reservation");
        await heading(page, "Reservaciones");
      },
    },
    {
      name: "customers",
      open: async (page) => {
        await openInDashboard(page, "/customers");
        await heading(page, "Clientes");
        await expect(main(page).getByText("Ana Almonte").filter({ visible: true }).first()).toBeVisible();
      },
    },
    {
      name: "a customer",
      form: true,
      open: async (page) => {
        await openInDashboard(page, `/customers/${customerId}`);
        await heading(page, "Ana Almonte");
      },
    },
    {
      name: "features",
      open: async (page) => {
        await openInDashboard(page, "/feature-view");
        await expect(main(page).getByText("Wifi").first()).toBeVisible();
      },
    },
    {
      name: "locations",
      open: async (page) => {
        await openInDashboard(page, "/location-reservaction");
        await expect(main(page).getByText("Aeropuerto SDQ").first()).toBeVisible();
      },
    },
    {
      name: "trash",
      open: async (page) => {
        await openInDashboard(page, "/history");
        await expect(
          main(page)
            .getByText(/Papelera \w+/)
            .first(),
        ).toBeVisible();
      },
    },
    {
      name: "help",
      open: async (page) => {
        await openInDashboard(page, "/help");
        await heading(page, "Ayuda");
      },
    },
    {
      name: "settings",
      form: true,
      open: async (page) => {
        await openInDashboard(page, "/user-config");
        await heading(page, "Configuración de usuario");
      },
    },
    {
      name: "published landing: reservations",
      open: async (page) => {
        await openInDashboard(page, `/view-landing/${published.id}`);
        await expect(page.getByTestId("detail-name")).toHaveText(published.title);
        await expect(main(page).getByRole("button", { name: "Despublicar" })).toBeVisible();
      },
    },
    {
      name: "draft landing: vehicles",
      open: async (page) => {
        await openInDashboard(page, `/view-landing/${draft.id}?tab=vehicles`);
        await expect(main(page).getByText(vehicle.name).filter({ visible: true }).first()).toBeVisible();
      },
    },
    {
      name: "draft landing: vehicle form",
      form: true,
      open: async (page) => {
        await openInDashboard(page, `/view-landing/${draft.id}?tab=vehicles`);
        await main(page).getByRole("button", { name: "Agregar vehículo" }).click();
        await expect(main(page).getByRole("heading", { name: "Agregar vehículo" })).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, 0));
      },
    },
    {
      name: "published landing: settings",
      form: true,
      open: async (page) => {
        await openInDashboard(page, `/view-landing/${published.id}?tab=settings`);
        await expect(main(page).getByRole("button", { name: "Guardar", exact: true })).toBeVisible();
      },
    },
    {
      name: "published landing: SEO",
      form: true,
      open: async (page) => {
        await openInDashboard(page, `/view-landing/${published.id}?tab=seo`);
        await expect(main(page).getByRole("button", { name: "Guardar SEO" })).toBeVisible();
      },
    },
    {
      name: "preview",
      // On a phone the preview's first lines are its title only; the way back sits below the band.
      open: async (page) => {
        await openInDashboard(page, `/review-component/${published.name}`);
        await expect(main(page).getByRole("heading", { level: 1 }).first()).toBeVisible();
      },
    },
    {
      name: "designer: first step",
      form: true,
      open: async (page) => {
        await page.evaluate(() => localStorage.removeItem("nelly.designer.landingId"));
        await openInDashboard(page, "/layout-designer");
        await expect(main(page).getByRole("button", { name: "Cancelar proceso" })).toBeAttached();
        await expect(main(page).getByRole("button", { name: "Continuar" })).toBeVisible();
      },
    },
    {
      name: "designer: vehicles",
      open: async (page) => {
        await setDraftLanding(page, draft);
        await openInDashboard(page, "/layout-designer/add-vehicles");
        await expect(main(page).getByText(vehicle.name).filter({ visible: true }).first()).toBeVisible();
      },
    },
    {
      name: "designer: vehicle form",
      form: true,
      open: async (page) => {
        await setDraftLanding(page, draft);
        await openInDashboard(page, "/layout-designer/add-vehicles/add-form");
        await expect(main(page).getByRole("heading", { name: "Agregar vehículo" })).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, 0));
      },
    },
    {
      name: "designer: review",
      open: async (page) => {
        await setDraftLanding(page, draft);
        await openInDashboard(page, "/layout-designer/review");
        await expect(main(page).getByRole("button", { name: "Cancelar proceso" })).toBeAttached();
      },
    },
  ];
}

// One screen per place the toaster takes (web/ui/toaster.tsx): a phone, a tablet's top bar, the
// sidebar from 1024 px at its narrowest, and the sidebar on a short laptop, where the account
// panel it sits above comes closest.
const widths = [
  { label: "a phone", viewport: { width: 390, height: 844 }, mobile: true },
  { label: "a tablet", viewport: { width: 768, height: 1024 }, mobile: true },
  { label: "a small laptop", viewport: { width: 1024, height: 768 }, mobile: false },
  { label: "a short laptop", viewport: { width: 1280, height: 720 }, mobile: false },
];

for (const { label, viewport, mobile } of widths) {
  test.describe(`on ${label} (${viewport.width} px)`, () => {
    test.use({ viewport, isMobile: mobile, hasTouch: mobile });

    test("a toast covers no action on any owner screen", async ({ page, signedInOwner }) => {
      const owner = await signedInOwner(`toast-zone-${viewport.width}`);
      const seeded = await seed(owner);
      const zone = await toastZone(page);
      const quiet = watchRequests(page);
      const covered: string[] = [];
      for (const screen of screens(seeded)) {
        await screen.open(page);
        // Wait for late content (images, counts) to settle before measuring.
        await quiet();
        // At the top, and staying there (a late scroll restoration must not move it afterwards).
        await expect
          .poll(async () => {
            await page.evaluate(() => window.scrollTo(0, 0));
            await page.waitForTimeout(150);
            return page.evaluate(() => window.scrollY);
          })
          .toBe(0);
        for (const under of await actionsUnder(page, zone, true)) covered.push(`${screen.name}, at the top: ${under}`);
        if (screen.form) {
          // Saved from its end: the save bar, the shell and any button stay clear. (On a phone a
          // field scrolled under the band stays put for the toast's 3 s.)
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          await page.waitForTimeout(100);
          for (const under of await actionsUnder(page, zone, false)) {
            covered.push(`${screen.name}, at the end: ${under}`);
          }
        }
      }
      expect(covered, `toast zone ${JSON.stringify(zone)}`).toEqual([]);
    });
  });
}
