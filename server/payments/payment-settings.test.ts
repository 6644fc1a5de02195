import { randomBytes } from "node:crypto";
import type { Language } from "@domain/languages";
import { translate } from "@domain/messages";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { landingPayments } from "../db/schema";
import { secretsOf } from "../secrets";
import { createTestApp } from "../test/app";
import { bearer, createLandingFor, type Owner, signUp, switchLandingLanguage } from "../test/factories";
import { startStripeStandIn } from "../test/stripe-stand-in";
import { landingKeys, resealSecrets } from "./settings";

// Issue 27.1 and 27.2: the "Pagos" settings and the operator's own Stripe account, through the
// real server and the official Stripe client pointed at the local stand-in (docs/testing.md).

const standIn = await startStripeStandIn();
afterAll(() => standIn.close());
const secretsKey = randomBytes(32).toString("base64");
const { app, db, config } = await createTestApp({ STRIPE_API_URL: standIn.url, SECRETS_KEY: secretsKey });

const accountKeys = () => {
  const id = randomBytes(8).toString("hex");
  const keys = {
    secretKey: `sk_test_${id}SECRET0000`,
    publishableKey: `pk_test_${id}PUBLIC0000`,
    webhookSecret: `whsec_${id}SIGNING000`,
  };
  standIn.addAccount({ ...keys, displayName: "Autos Caribe SRL" });
  return { secret_key: keys.secretKey, publishable_key: keys.publishableKey, webhook_secret: keys.webhookSecret };
};

const call = (owner: Owner, method: "GET" | "PUT" | "DELETE", path: string, payload?: object, lang: Language = "es") =>
  app.inject({
    method,
    url: `/api/landings/${owner.id}/${path}`,
    ...(payload && { payload }),
    headers: { ...bearer(owner), "accept-language": lang },
  });

const stored = async (landingId: number) =>
  (await db.select().from(landingPayments).where(eq(landingPayments.landingId, landingId)))[0];

const ownerWithLanding = async () => {
  const owner = await signUp(app);
  const landing = await createLandingFor(app, owner);
  return { owner, landingId: landing.id as number };
};

describe("payment settings", () => {
  it("start as today's behaviour: everything at pickup, nothing online, no account", async () => {
    const { owner, landingId } = await ownerWithLanding();
    const response = await call(owner, "GET", `${landingId}/payments`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      settings: { prepay: "none", pickup_methods: ["cash", "card"], deposit_hold: "none", hold_minutes: 15 },
      account: null,
      version: 0,
    });
  });

  it("save a percentage paid by bank transfer, with the account's details, and refuse a stale save", async () => {
    const { owner, landingId } = await ownerWithLanding();
    const form = {
      version: 0,
      prepay: "percent",
      prepay_percent: "30",
      channel: "transfer",
      pickup_methods: ["transfer", "cash", "cash"],
      transfer: {
        bank: " Banco Popular ",
        holder: "Autos Caribe SRL",
        account: "812-345678-9",
        account_type: "Corriente",
        tax_id: "1-31-12345-6",
        instructions: "Pon la referencia en el concepto.",
        deadline_hours: "24",
      },
    };
    const saved = await call(owner, "PUT", `${landingId}/payments`, form);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: "Pagos guardados.",
      version: 1,
      settings: {
        prepay: "percent",
        prepay_percent: 30,
        channel: "transfer",
        pickup_methods: ["cash", "transfer"],
        transfer: { bank: "Banco Popular", account: "812-345678-9", deadline_hours: 24 },
      },
    });
    expect((await stored(landingId))?.settings).toMatchObject({ prepay: "percent", prepayPercent: 30 });

    const stale = await call(owner, "PUT", `${landingId}/payments`, { ...form, prepay: "full" });
    expect(stale.statusCode).toBe(409);
    expect((await stored(landingId))?.settings.prepay).toBe("percent");
    // Saved again from the fresh version; then the tab that still holds version 1 is refused too.
    const again = await call(owner, "PUT", `${landingId}/payments`, { ...form, version: 1, prepay_percent: "40" });
    expect(again.json()).toMatchObject({ version: 2, settings: { prepay_percent: 40 } });
    const older = await call(owner, "PUT", `${landingId}/payments`, { ...form, version: 1, prepay_percent: "50" });
    expect(older.statusCode).toBe(409);
    expect((await stored(landingId))?.settings).toMatchObject({ prepayPercent: 40 });
  });

  it("refuse what cannot work, in the owner's language, and change nothing", async () => {
    const { owner, landingId } = await ownerWithLanding();
    const cases: [object, string, string][] = [
      [{ prepay: "percent", prepay_percent: "0", pickup_methods: ["cash"] }, "prepay_percent", "prepayPercentRange"],
      [{ prepay: "fixed", prepay_amount: "0", pickup_methods: ["cash"] }, "prepay_amount", "prepayAmountInvalid"],
      [{ prepay: "none", pickup_methods: [] }, "pickup_methods", "pickupMethodsRequired"],
      [{ prepay: "full", channel: "transfer", pickup_methods: [] }, "transfer.bank", "required"],
      [{ prepay: "sometimes", pickup_methods: ["cash"] }, "prepay", "paymentChoiceInvalid"],
      [{ prepay: "none", pickup_methods: ["cash"], hold_minutes: "5" }, "hold_minutes", "holdMinutesRange"],
      [
        { prepay: "none", pickup_methods: ["cash"], deposit_hold: "before_pickup", deposit_hold_days: "9" },
        "deposit_hold_days",
        "depositDaysRange",
      ],
      // The account's details and the instructions say their limit (the form's counter shows it too).
      [
        { prepay: "full", channel: "transfer", pickup_methods: [], transfer: { bank: "b".repeat(121) } },
        "transfer.bank",
        "paymentTextTooLong",
      ],
      [
        {
          prepay: "full",
          channel: "transfer",
          pickup_methods: [],
          transfer: { bank: "Banco", holder: "Ana", account: "123", instructions: "i".repeat(1_001) },
        },
        "transfer.instructions",
        "transferInstructionsTooLong",
      ],
      [
        {
          prepay: "full",
          channel: "transfer",
          pickup_methods: [],
          transfer: {
            bank: "Banco",
            holder: "Ana",
            account: "123",
            translations: { en: { instructions: "i".repeat(1_001) } },
          },
        },
        "transfer.translations.en.instructions",
        "transferInstructionsTooLong",
      ],
      // Cards and deposit holds need the operator's account first.
      [{ prepay: "full", channel: "card", pickup_methods: [] }, "channel", "paymentsNotConnected"],
      [
        { prepay: "none", pickup_methods: ["cash"], deposit_hold: "at_booking" },
        "deposit_hold",
        "paymentsNotConnected",
      ],
    ];
    for (const lang of ["es", "en"] as const) {
      for (const [payload, field, key] of cases) {
        const response = await call(owner, "PUT", `${landingId}/payments`, payload, lang);
        expect(response.statusCode, JSON.stringify(payload)).toBe(422);
        expect(response.json().errors[field], JSON.stringify(payload)).toContain(translate(lang, key as never));
      }
    }
    expect(await stored(landingId)).toBeUndefined();
  });

  it("keep the instructions in the landing's other language beside its own, and swap them when its language changes", async () => {
    const { owner, landingId } = await ownerWithLanding();
    const transfer = {
      bank: "Banco Popular",
      holder: "Autos Caribe SRL",
      account: "812-345678-9",
      instructions: "Pon la referencia en el concepto.",
      translations: { en: { instructions: "Put the reference in the description." } },
    };
    const form = { version: 0, prepay: "full", channel: "transfer", pickup_methods: [], transfer };
    const saved = await call(owner, "PUT", `${landingId}/payments`, form);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await stored(landingId))?.settings.transfer).toMatchObject({
      instructions: "Pon la referencia en el concepto.",
      translations: { en: { instructions: "Put the reference in the description." } },
    });
    // Emptied, the translation is gone (the customers who book in English read the Spanish).
    const emptied = await call(owner, "PUT", `${landingId}/payments`, {
      ...form,
      version: 1,
      transfer: { ...transfer, translations: { en: { instructions: "  " } } },
    });
    expect(emptied.json().settings.transfer.translations).toBeUndefined();
    await call(owner, "PUT", `${landingId}/payments`, { ...form, version: 2 });

    await switchLandingLanguage(app, owner, landingId, "en");
    const after = (await call(owner, "GET", `${landingId}/payments`)).json();
    expect(after.settings.transfer).toMatchObject({
      instructions: "Put the reference in the description.",
      translations: { es: { instructions: "Pon la referencia en el concepto." } },
    });
    // A Pagos form opened before the switch holds the old texts: its save is refused.
    expect(after.version).toBe(4);
    expect((await call(owner, "PUT", `${landingId}/payments`, { ...form, version: 3 })).statusCode).toBe(409);
  });

  it("belong to the landing's owner only", async () => {
    const { owner, landingId } = await ownerWithLanding();
    const stranger = await signUp(app);
    const asStranger = (method: "GET" | "PUT" | "DELETE", path: string, payload?: object) =>
      app.inject({
        method,
        url: `/api/landings/${stranger.id}/${path}`,
        ...(payload && { payload }),
        headers: bearer(stranger),
      });
    expect((await asStranger("GET", `${landingId}/payments`)).statusCode).toBe(404);
    expect(
      (await asStranger("PUT", `${landingId}/payments`, { prepay: "none", pickup_methods: ["cash"] })).statusCode,
    ).toBe(404);
    expect((await asStranger("PUT", `${landingId}/payments/stripe`, accountKeys())).statusCode).toBe(404);
    expect((await asStranger("DELETE", `${landingId}/payments/stripe`)).statusCode).toBe(404);
    // Another owner's id in the path is refused whatever the landing.
    expect((await call(owner, "GET", `${landingId}/payments`)).statusCode).toBe(200);
    expect(await stored(landingId)).toBeUndefined();
  });
});

describe("the operator's Stripe account", () => {
  it("connects with keys that answer, sealed at rest, never sent back whole, then takes card prepayments", async () => {
    const { owner, landingId } = await ownerWithLanding();
    const keys = accountKeys();
    const connected = await call(owner, "PUT", `${landingId}/payments/stripe`, keys);
    expect(connected.statusCode).toBe(200);
    const body = connected.json();
    expect(body).toMatchObject({
      message: "Cuenta de Stripe conectada.",
      account: {
        provider: "stripe",
        display_name: "Autos Caribe SRL",
        test_mode: true,
        publishable_key: keys.publishable_key,
      },
      webhook_url: `${config.publicBaseUrl}/api/payments/stripe/webhook/${landingId}`,
    });
    expect(body.account.secret_key_hint).toBe(`sk_test_…${keys.secret_key.slice(-4)}`);
    expect(JSON.stringify(body)).not.toContain(keys.secret_key);
    expect(JSON.stringify(body)).not.toContain(keys.webhook_secret);

    const row = await stored(landingId);
    expect(row?.secretKeySealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(keys.secret_key);
    expect(JSON.stringify(row)).not.toContain(keys.webhook_secret);
    expect(await landingKeys(app.deps, landingId)).toEqual({
      secretKey: keys.secret_key,
      publishableKey: keys.publishable_key,
      webhookSecret: keys.webhook_secret,
    });
    const read = await call(owner, "GET", `${landingId}/payments`);
    expect(JSON.stringify(read.json())).not.toContain(keys.secret_key);

    const full = await call(owner, "PUT", `${landingId}/payments`, {
      version: read.json().version,
      prepay: "full",
      channel: "card",
      pickup_methods: [],
      deposit_hold: "at_booking",
    });
    expect(full.statusCode).toBe(200);
    // While cards are charged, the account stays.
    const refused = await call(owner, "DELETE", `${landingId}/payments/stripe`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(translate("es", "stripeStillNeeded"));
    expect((await stored(landingId))?.secretKeySealed).toMatch(/^v1\./);

    await call(owner, "PUT", `${landingId}/payments`, {
      version: full.json().version,
      prepay: "none",
      pickup_methods: ["cash"],
    });
    const gone = await call(owner, "DELETE", `${landingId}/payments/stripe`, undefined, "en");
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({ message: translate("en", "stripeDisconnected"), account: null });
    expect(await stored(landingId)).toMatchObject({
      secretKeySealed: null,
      webhookSecretSealed: null,
      accountId: null,
    });
    expect(await landingKeys(app.deps, landingId)).toBeNull();
  });

  it("refuses keys Stripe rejects, keys of the wrong shape, and a Stripe that does not answer; nothing is kept", async () => {
    const { owner, landingId } = await ownerWithLanding();
    const unknown = { ...accountKeys(), secret_key: "sk_test_nobodyhasthiskey00" };
    const rejected = await call(owner, "PUT", `${landingId}/payments/stripe`, unknown);
    expect(rejected.statusCode).toBe(422);
    expect(rejected.json().errors.secret_key).toEqual([translate("es", "stripeKeysRejected")]);

    const shapes = await call(owner, "PUT", `${landingId}/payments/stripe`, {
      secret_key: "pk_test_abcdefghijklmnop",
      publishable_key: "pk_live_abcdefghijklmnop",
      webhook_secret: "secret",
    });
    expect(shapes.statusCode).toBe(422);
    expect(Object.keys(shapes.json().errors).sort()).toEqual(["secret_key", "webhook_secret"]);
    // Keys that start right and are cut short are told, each by what its own key looks like.
    const typos = await call(owner, "PUT", `${landingId}/payments/stripe`, {
      secret_key: "sk_test_typo",
      publishable_key: "pk_test_typo",
      webhook_secret: "whsec_typo",
    });
    expect(typos.json().errors).toEqual({
      secret_key: [translate("es", "stripeSecretKeyFormat")],
      publishable_key: [translate("es", "stripePublishableKeyFormat")],
      webhook_secret: [translate("es", "stripeWebhookSecretFormat")],
    });
    const modes = await call(owner, "PUT", `${landingId}/payments/stripe`, {
      ...accountKeys(),
      publishable_key: "pk_live_abcdefghijklmnop",
    });
    expect(modes.json().errors.publishable_key).toEqual([translate("es", "stripeKeysMismatch")]);

    standIn.failNext(3, 503);
    const down = await call(owner, "PUT", `${landingId}/payments/stripe`, accountKeys(), "en");
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(translate("en", "stripeUnavailable"));
    expect((await stored(landingId))?.secretKeySealed ?? null).toBeNull();
  });
});

// Last: it seals this file's keys with a new key, which the app's own configuration does not know.
describe("rotating the sealing key", () => {
  it("seals every stored key again with the new one; the old one can then go", async () => {
    const { owner, landingId } = await ownerWithLanding();
    const keys = accountKeys();
    expect((await call(owner, "PUT", `${landingId}/payments/stripe`, keys)).statusCode).toBe(200);
    const before = await stored(landingId);
    const rotated = {
      ...app.deps,
      config: { ...config, secretsKey: randomBytes(32).toString("hex"), previousSecretsKeys: [secretsKey] },
    };
    const counts = await resealSecrets(rotated);
    expect(counts.resealed).toBeGreaterThanOrEqual(1);
    const after = await stored(landingId);
    expect(after?.secretKeySealed).not.toBe(before?.secretKeySealed);
    expect(after?.secretKeySealed?.split(".")[1]).not.toBe(before?.secretKeySealed?.split(".")[1]);
    const newOnly = { ...app.deps, config: { ...rotated.config, previousSecretsKeys: [] } };
    expect(await landingKeys(newOnly, landingId)).toMatchObject({ secretKey: keys.secret_key });
    // Nothing is left for the old key: a second pass has nothing to do for this landing.
    expect((await resealSecrets(newOnly)).resealed).toBe(0);
  });

  it("reads a landing's keys only when all three are kept, and reseals a pair with either sealed by the old key", async () => {
    const { owner, landingId } = await ownerWithLanding();
    // A landing whose payments were never set up has no row at all.
    expect(await landingKeys(app.deps, landingId)).toBeNull();
    const keys = accountKeys();
    expect((await call(owner, "PUT", `${landingId}/payments/stripe`, keys)).statusCode).toBe(200);
    const full = await stored(landingId);
    if (!full?.secretKeySealed || !full.webhookSecretSealed) throw new Error("not connected");
    const keep = (fields: Partial<typeof landingPayments.$inferInsert>) =>
      db.update(landingPayments).set(fields).where(eq(landingPayments.landingId, landingId));
    await keep({ publishableKey: null });
    expect(await landingKeys(app.deps, landingId)).toBeNull();
    await keep({ publishableKey: keys.publishable_key, webhookSecretSealed: null });
    expect(await landingKeys(app.deps, landingId)).toBeNull();
    // Without its webhook secret there is nothing whole to reseal, and nothing unreadable either.
    const oldKey = randomBytes(32).toString("hex");
    const withOld = { ...app.deps, config: { ...config, secretsKey: oldKey, previousSecretsKeys: [] } };
    const rotated = {
      ...app.deps,
      config: { ...config, secretsKey: randomBytes(32).toString("hex"), previousSecretsKeys: [oldKey] },
    };
    const oldSecrets = secretsOf(withOld.config);
    const newSecrets = secretsOf(rotated.config);
    await keep({ secretKeySealed: oldSecrets.seal(keys.secret_key) });
    // Other landings' keys are sealed with keys `rotated` does not have: the same count each pass.
    const halfPair = await resealSecrets(rotated);
    expect(halfPair.resealed).toBe(0);
    expect((await stored(landingId))?.webhookSecretSealed).toBeNull();
    // Only the secret key sealed with the old key, the webhook's with the new one: the pair is sealed again.
    await keep({ webhookSecretSealed: newSecrets.seal(keys.webhook_secret) });
    expect(await resealSecrets(rotated)).toEqual({ resealed: 1, unreadable: halfPair.unreadable });
    const resealed = await stored(landingId);
    expect(newSecrets.isStale(resealed?.secretKeySealed ?? "")).toBe(false);
    expect(await landingKeys(rotated, landingId)).toMatchObject({
      secretKey: keys.secret_key,
      webhookSecret: keys.webhook_secret,
    });
  });
});
