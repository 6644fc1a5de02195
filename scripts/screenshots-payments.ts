/**
 * Captures the landing's "Pagos" tab (issue 27): not connected, a refused key, connected with a card
 * prepayment and a deposit hold, bank transfer details, a settings error, and the disconnect
 * confirmation; the public payment screens, the owner's money actions, and the emails of a booking
 * paid by card; in Spanish and English, on a desktop and a phone, into ./screenshots/payments/.
 * `npm run screenshots -- payments` starts the server with STRIPE_API_URL pointing at the stand-in
 * this script runs on STRIPE_STAND_IN_PORT (docs/testing.md).
 */
import fs from "node:fs";
import path from "node:path";
import type { PublicLanding } from "@domain/landings";
import type { Reservation } from "@domain/reservations";
import type { Browser, Page } from "@playwright/test";
import PostalMime from "postal-mime";
import { renderMail } from "../server/mail/templates";
import { startStripeStandIn } from "../server/test/stripe-stand-in";
import {
  apiAccount,
  BASE_URL,
  capture,
  drawMail,
  LANGUAGES,
  type Language,
  landingWithFleet,
  newScreenContext,
  ok,
  runScreenshots,
  type ScreenAccount,
  signInThroughForm,
  VIEWPORT_NAMES,
  type ViewportName,
} from "./screenshots-support";

const OUT_DIR = path.resolve("screenshots", "payments");
const EMAIL_DIR = path.join(OUT_DIR, "emails");
const STAND_IN_PORT = Number(process.env.STRIPE_STAND_IN_PORT ?? 3151);

type Site = { id: number; name: string; vehicles: number[] };
type World = {
  owner: ScreenAccount;
  bare: number;
  connected: Site;
  transfer: Site;
  holding: Site;
  /** The holding landing's Stripe secret key, to move money at the stand-in as the owner's Stripe dashboard would. */
  holdingKey: string;
};

let accounts = 0;
const stripeKeys = (standIn: Awaited<ReturnType<typeof startStripeStandIn>>, landingId: number) => {
  accounts += 1;
  const id = `screens${accounts}${Date.now().toString(36)}`;
  const keys = { secretKey: `sk_test_${id}`, publishableKey: `pk_test_${id}`, webhookSecret: `whsec_${id}` };
  standIn.addAccount({
    ...keys,
    displayName: "Autos Caribe SRL",
    webhookUrl: `${BASE_URL}/api/payments/stripe/webhook/${landingId}`,
  });
  return { secret_key: keys.secretKey, publishable_key: keys.publishableKey, webhook_secret: keys.webhookSecret };
};

/**
 * Four landings: one as new, one with Stripe connected and card prepayments, one paid by transfer,
 * and one paid in full that holds its vehicles' US$300 deposit on the card at booking.
 */
async function buildWorld(standIn: Awaited<ReturnType<typeof startStripeStandIn>>): Promise<World> {
  const owner = await apiAccount("payments", "Autos Caribe");
  const bare = (await landingWithFleet(owner)).id;
  const connected = await landingWithFleet(owner);
  const transfer = await landingWithFleet(owner);
  const holding = await landingWithFleet(owner);
  const base = (id: number) => `/api/landings/${owner.id}/${id}/payments`;
  for (const vehicle of holding.vehicles) {
    await ok(
      await owner.api.put(`/api/vehicles/${holding.id}/${vehicle}/rules`, { data: { version: 1, deposit: "300" } }),
    );
  }
  const holdingKeys = stripeKeys(standIn, holding.id);
  await ok(await owner.api.put(`${base(holding.id)}/stripe`, { data: holdingKeys }));
  await ok(
    await owner.api.put(base(holding.id), {
      data: { version: 1, prepay: "full", channel: "card", pickup_methods: [], deposit_hold: "at_booking" },
    }),
  );
  await ok(await owner.api.put(`${base(connected.id)}/stripe`, { data: stripeKeys(standIn, connected.id) }));
  await ok(
    await owner.api.put(base(connected.id), {
      data: {
        version: 1,
        prepay: "percent",
        prepay_percent: "25",
        channel: "card",
        pickup_methods: ["cash", "card"],
        deposit_hold: "before_pickup",
        deposit_hold_days: "2",
      },
    }),
  );
  await ok(
    await owner.api.put(base(transfer.id), {
      data: {
        version: 0,
        prepay: "full",
        channel: "transfer",
        pickup_methods: ["cash"],
        transfer: {
          bank: "Banco Popular Dominicano",
          holder: "Autos Caribe SRL",
          account: "812-345678-9",
          account_type: "Corriente",
          tax_id: "1-31-12345-6",
          instructions: "Escribe la referencia de la reserva en el concepto.",
          translations: { en: { instructions: "Write the booking reference in the transfer's description." } },
          deadline_hours: "24",
        },
      },
    }),
  );
  return { owner, bare, connected, transfer, holding, holdingKey: holdingKeys.secret_key };
}

const shoot = (page: Page, name: string, fullPage = false) =>
  capture(page, OUT_DIR, name, { fullPage, settleAnimations: true });

const openTab = async (page: Page, landingId: number) => {
  await page.goto(`/view-landing/${landingId}?tab=payments`);
  await page.locator("main form[aria-label] input[name='prepay']").first().waitFor();
};

async function paymentScreens(page: Page, world: World, prefix: string) {
  await openTab(page, world.bare);
  await shoot(page, `${prefix}-not-connected`, true);

  // A key Stripe does not know: said under the field, nothing kept.
  await page.locator("main input[name='secret_key']").fill("sk_test_nobodyhasthiskey123");
  await page.locator("main input[name='publishable_key']").fill("pk_test_nobodyhasthiskey123");
  await page.locator("main input[name='webhook_secret']").fill("whsec_nobodyhasthiskey123");
  await page.locator("main form[aria-label] button[type='submit']").first().click();
  await page.locator("main input[name='secret_key'][aria-invalid='true']").waitFor();
  await shoot(page, `${prefix}-key-refused`);

  // Card prepayment chosen without an account: the notice, then the server's refusal.
  await page.locator("main input[name='prepay'][value='full']").check();
  await page.locator("main input[name='pickup_methods']").first().uncheck();
  await page.locator("main input[name='pickup_methods']").nth(1).uncheck();
  await page.locator("main input[name='prepay']").first().scrollIntoViewIfNeeded();
  await shoot(page, `${prefix}-card-needs-account`);
  await page.getByRole("button", { name: /Descartar cambios|Discard changes/ }).click();

  await openTab(page, world.connected.id);
  await page.locator("main [data-testid='stripe-account']").waitFor();
  await shoot(page, `${prefix}-connected`, true);
  await page
    .getByRole("button", { name: /Desconectar Stripe|Disconnect Stripe/ })
    .first()
    .click();
  await page.getByRole("dialog").waitFor();
  await shoot(page, `${prefix}-disconnect-confirm`);
  await page.keyboard.press("Escape");

  await openTab(page, world.transfer.id);
  await page.locator("main input[name='transfer.bank']").waitFor();
  await shoot(page, `${prefix}-transfer`, true);
  await page.locator("main input[name='transfer.bank']").fill("");
  await page.locator("main input[name='transfer.deadline_hours']").fill("500");
  await page.locator("main form[aria-label] button[type='submit']").last().click();
  await page.locator("main input[name='transfer.bank'][aria-invalid='true']").waitFor();
  await shoot(page, `${prefix}-transfer-errors`);
  await page.getByRole("button", { name: /Descartar cambios|Discard changes/ }).click();
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PLACE = "Aeropuerto de Punta Cana";

/** A booking made through the public API as the review page makes it; answers its reference, token and payment page. */
async function booking(site: Site, language: Language, offset: number) {
  const response = await fetch(`${BASE_URL}/api/reservations`, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": language },
    body: JSON.stringify({
      id_landing: site.id,
      id_vehicle: site.vehicles[0],
      place_of_departure: PLACE,
      arrival_place: PLACE,
      date_of_departure: day(offset),
      time_of_departure: "10:00",
      date_of_arrival: day(offset + 4),
      time_of_arrival: "10:00",
      number_person: 2,
      number_bag: 1,
      addons: [],
      name: "Ana",
      last_name: "Gómez",
      email: "ana@example.com",
      phone: "+1 809 555 0101",
      description: "",
      terms_accepted: true,
      language,
    }),
  });
  if (response.status !== 201) throw new Error(`booking: ${response.status} ${await response.text()}`);
  return (await response.json()) as { reference: string; customer_token: string; payment_url: string | null };
}

async function publicScreens(page: Page, world: World, prefix: string, language: Language, offset: number) {
  const lang = language === "en" ? "&lang=en" : "";
  const query = `pickup=${encodeURIComponent(PLACE)}&from=${day(offset)}&fromTime=10%3A00&to=${day(offset + 4)}&toTime=10%3A00&seats=2&vehicle=${world.connected.vehicles[0]}${lang}`;
  await page.goto(`/${world.connected.name}/review?${query}`);
  await page.locator("[data-testid='quote-confirmed']").waitFor();
  await page.locator("[data-testid='payment-note']").scrollIntoViewIfNeeded();
  await shoot(page, `${prefix}-public-review-note`);

  const waiting = await booking(world.connected, language, offset + 10);
  const customerPage = (ref: string, token: string) => `/${world.connected.name}/reservation/${ref}?t=${token}${lang}`;
  await page.goto(customerPage(waiting.reference, waiting.customer_token));
  await page.locator("[data-testid='payment-box']").waitFor();
  await shoot(page, `${prefix}-public-awaiting-card`, true);

  const paid = await booking(world.connected, language, offset + 20);
  if (paid.payment_url) await fetch(paid.payment_url, { method: "POST", redirect: "manual" });
  await page.goto(customerPage(paid.reference, paid.customer_token));
  await page.locator("[data-testid='payment-paid']").waitFor();
  await shoot(page, `${prefix}-public-paid`, true);

  // The FAQ says how bookings are paid, and that a cancellation's fee is kept from the payment.
  await page.goto(`/${world.connected.name}/faq${language === "en" ? "?lang=en" : ""}`);
  await page.getByText(/¿Cómo se paga\?|How do I pay\?/).click();
  await page.getByTestId("cancellation-policy").scrollIntoViewIfNeeded();
  await shoot(page, `${prefix}-public-faq`, true);

  const transfer = await booking(world.transfer, language, offset + 30);
  await page.goto(`/${world.transfer.name}/reservation/${transfer.reference}?t=${transfer.customer_token}${lang}`);
  await page.locator("[data-testid='payment-transfer']").waitFor();
  await shoot(page, `${prefix}-public-awaiting-transfer`, true);
}

/** A booking paid in full with its deposit held: its detail's money actions, their dialogs and a refusal. */
async function ownerMoneyScreens(
  page: Page,
  world: World,
  standIn: StandIn,
  prefix: string,
  language: Language,
  offset: number,
) {
  const paid = await booking(world.holding, language, offset + 35);
  if (paid.payment_url) await fetch(paid.payment_url, { method: "POST", redirect: "manual" });
  const detail = await openBooking(page, world.holding, paid.reference);
  await detail.getByRole("button", { name: /Cobrar del depósito|Charge from the deposit/ }).waitFor();
  await detail.getByRole("button", { name: /Liberar depósito|Release deposit/ }).scrollIntoViewIfNeeded();
  await shoot(page, `${prefix}-owner-money-actions`);

  await detail.getByRole("button", { name: /Devolver un importe|Refund an amount/ }).click();
  const refund = page.getByRole("dialog", { name: /Devolver un importe|Refund an amount/ });
  await refund.getByLabel(/Importe|Amount/).fill("99999");
  await refund.getByLabel(/Motivo|Reason/).fill(language === "es" ? "Día no usado" : "Unused day");
  await refund.getByRole("button", { name: /^(Devolver|Refund)$/ }).click();
  await refund.locator("[aria-invalid='true']").first().waitFor();
  await shoot(page, `${prefix}-owner-refund-refused`);
  await refund.getByLabel(/Importe|Amount/).fill("20");
  await refund.getByRole("button", { name: /^(Devolver|Refund)$/ }).click();
  await refund.waitFor({ state: "hidden" });

  await detail.getByRole("button", { name: /Cobrar del depósito|Charge from the deposit/ }).click();
  await page.getByRole("dialog", { name: /Cobrar del depósito|Charge from the deposit/ }).waitFor();
  await shoot(page, `${prefix}-owner-capture`);
  await page.keyboard.press("Escape");
  await detail.getByRole("button", { name: /Liberar depósito|Release deposit/ }).click();
  await page
    .getByRole("alertdialog")
    .or(page.getByRole("dialog", { name: /Liberar|Release/ }))
    .first()
    .waitFor();
  await shoot(page, `${prefix}-owner-release-confirm`);
  await page.keyboard.press("Escape");
  await detail.getByText(/Devuelto|Refunded/).scrollIntoViewIfNeeded();
  await shoot(page, `${prefix}-owner-refunded`);

  // Stripe does not answer a capture: it waits, told as news, and the deposit shows it is on its way.
  standIn.failNext(2, 503);
  await detail.getByRole("button", { name: /Cobrar del depósito|Charge from the deposit/ }).click();
  const charge = page.getByRole("dialog", { name: /Cobrar del depósito|Charge from the deposit/ });
  await charge.getByLabel(/Importe|Amount/).fill("120");
  await charge.getByLabel(/Motivo|Reason/).fill(language === "es" ? "Rayón en la puerta" : "Scratched door");
  await charge.getByRole("button", { name: /^(Cobrar|Charge)$/ }).click();
  await charge.waitFor({ state: "hidden" });
  await detail.getByText(/aún no confirmó|has not confirmed/).scrollIntoViewIfNeeded();
  await page.getByText(/Stripe no respondió|Stripe did not answer/).waitFor();
  await shoot(page, `${prefix}-owner-capture-queued`);

  // A booking taken by phone, partly paid in cash at the counter: Inicio says so apart.
  const desk = await ok<{ reservation: { id: number; reference: string; total_cents: number } }>(
    await world.owner.api.post(`/api/landings/${world.connected.id}/reservations`, {
      data: {
        id_vehicle: world.connected.vehicles[0],
        place_of_departure: PLACE,
        arrival_place: PLACE,
        date_of_departure: day(offset + 50),
        time_of_departure: "10:00",
        date_of_arrival: day(offset + 52),
        time_of_arrival: "10:00",
        number_person: 2,
        number_bag: 1,
        addons: [],
        name: "Luis",
        last_name: "Peña",
        email: "luis@example.com",
        phone: "+1 809 555 0102",
        description: "",
      },
    }),
  );
  await ok(
    await world.owner.api.post(`/api/reservations/${desk.reservation.id}/payments`, {
      data: { method: "cash", amount: "100", outstanding_cents: desk.reservation.total_cents },
    }),
  );
  // A card payment recorded by mistake and undone: it stays on the booking's record, struck through.
  const mistaken = await ok<{ reservation: { settlement: { received: { id: number; method: string }[] } } }>(
    await world.owner.api.post(`/api/reservations/${desk.reservation.id}/payments`, {
      data: { method: "card", amount: "5", outstanding_cents: desk.reservation.total_cents - 100_00 },
    }),
  );
  const card = mistaken.reservation.settlement.received.find((entry) => entry.method === "card");
  await ok(await world.owner.api.delete(`/api/reservations/${desk.reservation.id}/payments/${card?.id}`));

  // Inicio: the money received online this month beside the month's revenue, and at the counter.
  await page.goto("/dashboard");
  await page
    .getByText(/Recibido en línea este mes|Received online this month/)
    .first()
    .waitFor();
  await shoot(page, `${prefix}-owner-home-received`, true);

  const deskDetail = await openBooking(page, world.connected, desk.reservation.reference);
  await deskDetail.getByTestId("received").scrollIntoViewIfNeeded();
  await shoot(page, `${prefix}-owner-received-undone`);
}

/** Opens the booking's detail from the landing's reservations (a table row on a desktop, a card on a phone). */
async function openBooking(page: Page, site: Site, reference: string) {
  await page.goto(`/view-landing/${site.id}`);
  const row = page
    .getByTestId("reservation-row")
    .or(page.getByTestId("reservation-card"))
    .filter({ hasText: reference, visible: true });
  await row.getByRole("button", { name: reference, exact: true }).click();
  return page.getByRole("dialog").first();
}

/**
 * Two states no click reaches in a screenshot run: an automatic refund Stripe refused (the owner
 * had already given the money back from Stripe's dashboard, then cancelled here), and a deposit
 * hold past its 7 days (the browser's clock moved on a week, signed in afresh so the session's
 * clock follows it).
 */
async function ownerMoneyLaterScreens(
  browser: Browser,
  world: World,
  standIn: StandIn,
  viewport: ViewportName,
  language: Language,
  offset: number,
) {
  const prefix = `${viewport}-${language}`;
  const refused = await booking(world.holding, language, offset + 36);
  if (refused.payment_url) await fetch(refused.payment_url, { method: "POST", redirect: "manual" });
  const { id } = await listedBooking(world, world.holding, refused.reference);
  const charge = standIn
    .payments()
    .find((intent) => intent.metadata?.reservation_id === String(id) && intent.metadata?.kind !== "deposit");
  if (!charge) throw new Error(`no payment for ${refused.reference}`);
  const direct = await fetch(`${standIn.url}/v1/refunds`, {
    method: "POST",
    headers: { authorization: `Bearer ${world.holdingKey}`, "content-type": "application/x-www-form-urlencoded" },
    body: `payment_intent=${charge.id}`,
  });
  if (!direct.ok) throw new Error(`direct refund: ${direct.status}`);
  await ok(await world.owner.api.patch(`/api/reservations/${id}/status`, { data: { status: "cancelled" } }));
  const page = await signedInPage(browser, viewport, language, world.owner.email);
  const detail = await openBooking(page, world.holding, refused.reference);
  await detail.getByText(/Devolución rechazada|Refund refused/).scrollIntoViewIfNeeded();
  await shoot(page, `${prefix}-owner-refund-refused-row`);
  await page.context().close();

  const held = await booking(world.holding, language, offset + 37);
  if (held.payment_url) await fetch(held.payment_url, { method: "POST", redirect: "manual" });
  const later = await (await newScreenContext(browser, viewport, language)).newPage();
  await later.clock.install({ time: Date.now() + 8 * 86_400_000 });
  await signInThroughForm(later, world.owner.email);
  const lapsed = await openBooking(later, world.holding, held.reference);
  await lapsed.getByText(/La retención caducó|The hold expired/).scrollIntoViewIfNeeded();
  await shoot(later, `${prefix}-owner-hold-lapsed`);
  await later.context().close();
}

type StandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
type Mail = Awaited<ReturnType<typeof PostalMime.parse>>;

/** Messages the mail worker writes to DATA_DIR/outbox (no SMTP_URL), oldest first. */
function outboxMails() {
  const dataDir = process.env.SCREENSHOTS_DATA_DIR;
  if (!dataDir) throw new Error("SCREENSHOTS_DATA_DIR is set by `npm run screenshots`");
  const outbox = path.join(dataDir, "outbox");
  return fs.existsSync(outbox)
    ? fs
        .readdirSync(outbox)
        .filter((file) => file.endsWith(".eml"))
        .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10))
        .map((file) => path.join(outbox, file))
    : [];
}

/** Waits for the message about `reference` whose subject matches `subject`. */
async function mailAbout(reference: string, subject: RegExp): Promise<Mail> {
  for (let attempt = 0; attempt < 100; attempt++) {
    for (const file of outboxMails()) {
      const mail = await PostalMime.parse(fs.readFileSync(file));
      if (mail.subject?.includes(reference) && subject.test(mail.subject)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no email "${subject}" about ${reference}`);
}

const drawn = (mail: Mail) => ({
  from: mail.from,
  replyTo: mail.replyTo?.[0],
  to: mail.to?.[0],
  subject: mail.subject ?? "",
  html: mail.html ?? "",
});

/**
 * The emails of a booking paid by card (issue 27.7), in both languages: the link to pay while it
 * waits, and the lapse when the payment page expires unpaid (both from the outbox, as sent). A
 * payment that comes after the lapse takes the server's clock past the hold, which a screenshot run
 * cannot wait for: its email is drawn by the same template from that lapsed booking, paid.
 */
async function paymentEmailScreens(browser: Browser, world: World, standIn: StandIn) {
  for (const language of LANGUAGES) {
    const waiting = await booking(world.connected, language, language === "es" ? 300 : 310);
    await drawMail(
      browser,
      EMAIL_DIR,
      `${language}-payment-due`,
      drawn(await mailAbout(waiting.reference, /pago|payment/i)),
    );
    await standIn.expireSession(waiting.payment_url?.split("/").pop() ?? "");
    const lapsed = await mailAbout(waiting.reference, /sin pago|unpaid/);
    await drawMail(browser, EMAIL_DIR, `${language}-lapsed`, drawn(lapsed));

    const reservation = await listedBooking(world, world.connected, waiting.reference);
    if (!reservation.payment) throw new Error("the lapsed booking has no payment");
    const paid = reservation.payment.prepay_cents;
    const late = await rendered(world, world.connected, language, "reservation.late_payment", {
      ...reservation,
      payment: { ...reservation.payment, paid_cents: paid, refunded_cents: paid },
    });
    await drawMail(browser, EMAIL_DIR, `${language}-late-payment`, { ...drawn(lapsed), ...late });

    // A transfer's deadline is a day away: its lapse is drawn by the same template from a booking waiting for it.
    const transfer = await booking(world.transfer, language, language === "es" ? 320 : 330);
    const awaited = await listedBooking(world, world.transfer, transfer.reference);
    const unpaid = await rendered(world, world.transfer, language, "reservation.lapsed", awaited);
    await drawMail(browser, EMAIL_DIR, `${language}-lapsed-transfer`, { ...drawn(lapsed), ...unpaid });
  }
}

async function listedBooking(world: World, site: Site, reference: string): Promise<Reservation> {
  const listed = await ok<{ reservations: Reservation[] }>(
    await world.owner.api.get(`/api/reservations/${site.id}?q=${reference}`),
  );
  const reservation = listed.reservations.find((found) => found.reference === reference);
  if (!reservation) throw new Error(`${reference} is not listed`);
  return reservation;
}

/** An email drawn by the server's own template, as it would be sent (absolute image addresses). */
async function rendered(
  world: World,
  site: Site,
  language: Language,
  kind: "reservation.late_payment" | "reservation.lapsed",
  reservation: Reservation,
) {
  const landing = await ok<PublicLanding>(await world.owner.api.get(`/api/publicLanding/${site.name}`));
  // The server's emails carry absolute addresses; the API answers its own.
  const absolute = (url: string | null) => (url?.startsWith("/") ? `${BASE_URL}${url}` : url);
  const mail = renderMail(kind, {
    language,
    landing: {
      displayName: landing.display_name,
      logoUrl: absolute(landing.logo),
      colorPrimary: landing.color_primary,
      colorSecondary: landing.color_secondary,
      timeZone: landing.time_zone,
      siteUrl: landing.public_url,
    },
    reservation,
    vehicleImageUrl: absolute(reservation.vehicle.image),
  });
  return { subject: mail.subject, html: mail.html };
}

async function signedInPage(browser: Browser, viewport: ViewportName, language: Language, email: string) {
  const page = await (await newScreenContext(browser, viewport, language)).newPage();
  await signInThroughForm(page, email);
  return page;
}

runScreenshots(OUT_DIR, async (browser) => {
  const standIn = await startStripeStandIn({ port: STAND_IN_PORT });
  try {
    const world = await buildWorld(standIn);
    let offset = 5;
    for (const viewport of VIEWPORT_NAMES) {
      for (const language of LANGUAGES) {
        const prefix = `${viewport}-${language}`;
        console.log(`${prefix}:`);
        const page = await signedInPage(browser, viewport, language, world.owner.email);
        await paymentScreens(page, world, prefix);
        await ownerMoneyScreens(page, world, standIn, prefix, language, offset);
        await page.context().close();
        const visitor = await (await newScreenContext(browser, viewport, language)).newPage();
        await publicScreens(visitor, world, prefix, language, offset);
        await visitor.context().close();
        await ownerMoneyLaterScreens(browser, world, standIn, viewport, language, offset);
        offset += 40;
      }
    }
    await paymentEmailScreens(browser, world, standIn);
    await world.owner.api.dispose();
  } finally {
    await standIn.close();
  }
});
