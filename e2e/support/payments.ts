import { randomUUID } from "node:crypto";
import { expect, request } from "@playwright/test";
import type { FleetOwner } from "./fleet";

/** The Stripe stand-in the suite's server calls (playwright.config.ts starts it on the app's port + 1). */
export const STRIPE_STAND_IN_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

export type StripeKeys = { secret_key: string; publishable_key: string; webhook_secret: string };

/** A new account at the stand-in, as an operator would have at Stripe, and its three keys. */
export async function stripeAccount(
  displayName = "Autos Caribe SRL",
  /** Where the stand-in sends this account's webhooks (the landing's address in "Pagos"). */
  webhookUrl?: string,
): Promise<StripeKeys & { id: string }> {
  const id = randomUUID().replaceAll("-", "");
  const keys = { secretKey: `sk_test_${id}`, publishableKey: `pk_test_${id}`, webhookSecret: `whsec_${id}` };
  const api = await request.newContext();
  const response = await api.post(`${STRIPE_STAND_IN_URL}/__stand-in/accounts`, {
    data: { ...keys, displayName, ...(webhookUrl && { webhookUrl }) },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id: accountId } = (await response.json()) as { id: string };
  await api.dispose();
  return {
    id: accountId,
    secret_key: keys.secretKey,
    publishable_key: keys.publishableKey,
    webhook_secret: keys.webhookSecret,
  };
}

/** The stand-in answers the next `count` calls made with `secretKey` with `status`, as Stripe down would. */
export async function stripeFailsNext(secretKey: string, count: number, status = 503) {
  const api = await request.newContext();
  const response = await api.post(`${STRIPE_STAND_IN_URL}/__stand-in/fail-next`, {
    data: { secretKey, count, status },
  });
  expect(response.status(), await response.text()).toBe(200);
  await api.dispose();
}

/** The landing's payments as the owner's API answers them. */
export async function storedPayments(owner: FleetOwner, landingId: number) {
  const response = await owner.api.get(`/api/landings/${owner.id}/${landingId}/payments`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as {
    settings: Record<string, unknown>;
    account: Record<string, unknown> | null;
    webhook_url: string;
    version: number;
  };
}

/** Connects the landing to a new stand-in account whose webhooks reach the suite's server, and sets how bookings pay. */
export async function takeCardPayments(owner: FleetOwner, landingId: number, settings: Record<string, unknown>) {
  const base = `/api/landings/${owner.id}/${landingId}/payments`;
  const { webhook_url } = await storedPayments(owner, landingId);
  const keys = await stripeAccount("Autos Caribe SRL", webhook_url);
  const connected = await owner.api.put(`${base}/stripe`, { data: keys });
  expect(connected.status(), await connected.text()).toBe(200);
  const { version } = await storedPayments(owner, landingId);
  const saved = await owner.api.put(base, { data: { version, ...settings } });
  expect(saved.status(), await saved.text()).toBe(200);
  return keys;
}

/** A share of each booking paid by bank transfer when booking (no account needed), the rest in cash at pickup. */
export async function takeTransferPayments(owner: FleetOwner, landingId: number, percent: number) {
  const { version } = await storedPayments(owner, landingId);
  const saved = await owner.api.put(`/api/landings/${owner.id}/${landingId}/payments`, {
    data: {
      version,
      prepay: "percent",
      prepay_percent: String(percent),
      channel: "transfer",
      pickup_methods: ["cash"],
      transfer: { bank: "Banco Popular", holder: "Autos Caribe SRL", account: "812-345678-9" },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}
