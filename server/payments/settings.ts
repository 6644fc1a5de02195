import {
  needsProvider,
  type PaymentAccountView,
  type PaymentSettings,
  type StripeKeysInput,
  storedPaymentSettings,
} from "@domain/payments";
import { withOwnTranslations } from "@domain/translations";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { onLandingOwnedBy, ownedBy } from "../db/owner-scope";
import { landingPayments, landings } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError, ValidationError } from "../http/errors";
import { secretsOf } from "../secrets";
import { paymentsOf } from "./open";
import { hasMoneyOutstanding } from "./outstanding";
import { ProviderError, type ProviderKeys } from "./provider";

/** The owner's view of a landing's payments: how bookings are paid, and the account, never its keys. */
export type OwnerPayments = {
  settings: PaymentSettings;
  account: PaymentAccountView | null;
  /** Shown before connecting too: the operator creates the webhook in Stripe first, to get its secret. */
  webhookUrl: string;
  version: number;
};

type Row = typeof landingPayments.$inferSelect;

/** Where the operator points their Stripe webhook: one address per landing, since each has its own account. */
export const webhookUrl = (deps: AppDeps, landingId: number) =>
  `${deps.config.publicBaseUrl}/api/payments/stripe/webhook/${landingId}`;

function presentAccount(row: Row | undefined): PaymentAccountView | null {
  if (!row?.provider || !row.accountId || !row.checkedAt) return null;
  return {
    provider: "stripe",
    account_id: row.accountId,
    display_name: row.accountName,
    test_mode: row.testMode ?? true,
    secret_key_hint: row.secretKeyHint ?? "",
    publishable_key: row.publishableKey ?? "",
    checked_at: row.checkedAt.toISOString(),
  };
}

/**
 * The owner's landing's payments row and the landing's default language (the one its texts are
 * stored in), read in one statement scoped by the owner (404 when not theirs).
 */
async function ownedRow(deps: AppDeps, ownerId: number, landingId: number) {
  const [found] = await deps.db
    .select({ defaultLanguage: landings.defaultLanguage, payments: landingPayments })
    .from(landings)
    .leftJoin(landingPayments, eq(landingPayments.landingId, landings.id))
    .where(and(eq(landings.id, landingId), ownedBy(ownerId)));
  if (!found) throw new HttpError(404, "landingNotFound");
  return { row: found.payments ?? undefined, defaultLanguage: found.defaultLanguage };
}

export async function readOwnerPayments(deps: AppDeps, ownerId: number, landingId: number): Promise<OwnerPayments> {
  return presentOwned(deps, landingId, (await ownedRow(deps, ownerId, landingId)).row);
}

function presentOwned(deps: AppDeps, landingId: number, row: Row | undefined): OwnerPayments {
  return {
    settings: storedPaymentSettings(row?.settings),
    account: presentAccount(row),
    webhookUrl: webhookUrl(deps, landingId),
    version: row?.version ?? 0,
  };
}

/**
 * Writes `values` on the landing's payments row, creating it (at version 0, as if never saved) the
 * first time. Both statements carry the owner's scope: a landing that is not theirs gets no row and
 * no change. `version`: the one the form was read at; a save made on an older one changes nothing.
 */
async function writeOwnedRow(
  deps: AppDeps,
  ownerId: number,
  landingId: number,
  values: Partial<Omit<Row, "landingId" | "version" | "updatedAt">>,
  version?: number,
) {
  const owned = and(eq(landings.id, landingId), ownedBy(ownerId));
  await deps.db.execute(sql`
    insert into ${landingPayments} (landing_id, settings, version)
    select ${landings.id}, ${JSON.stringify(storedPaymentSettings(undefined))}::jsonb, 0
    from ${landings} where ${owned}
    on conflict (landing_id) do nothing`);
  const written = await deps.db
    .update(landingPayments)
    .set({ ...values, version: sql`${landingPayments.version} + 1`, updatedAt: deps.clock.now() })
    .where(
      and(
        eq(landingPayments.landingId, landingId),
        onLandingOwnedBy(landingPayments.landingId, ownerId),
        version === undefined ? undefined : eq(landingPayments.version, version),
      ),
    )
    .returning({ version: landingPayments.version });
  return written.length > 0;
}

export async function savePaymentSettings(
  deps: AppDeps,
  ownerId: number,
  landingId: number,
  settings: PaymentSettings,
  version: number | undefined,
): Promise<OwnerPayments> {
  const owned = await ownedRow(deps, ownerId, landingId);
  const current = presentOwned(deps, landingId, owned.row);
  if (needsProvider(settings) && !current.account) {
    throw ValidationError.field(settings.depositHold !== "none" ? "deposit_hold" : "channel", "paymentsNotConnected");
  }
  // The instructions in the landing's own language are the column; only the other one is kept beside them.
  const stored = { ...settings, transfer: withOwnTranslations(settings.transfer, owned.defaultLanguage) };
  const saved = await writeOwnedRow(deps, ownerId, landingId, { settings: stored }, version ?? current.version);
  if (!saved) {
    // Not theirs any more (404 from the read) or saved by someone else since it was read (409).
    await readOwnerPayments(deps, ownerId, landingId);
    throw new HttpError(409, "staleWrite");
  }
  return readOwnerPayments(deps, ownerId, landingId);
}

const hint = (key: string) => `${key.slice(0, key.indexOf("_", 3) + 1)}…${key.slice(-4)}`;

/**
 * Connects the operator's Stripe account: the keys are tried with a test call first, so a typo is
 * told now and not by the first traveller who tries to pay; then sealed and kept.
 */
export async function connectStripe(
  deps: AppDeps,
  ownerId: number,
  landingId: number,
  input: StripeKeysInput,
): Promise<OwnerPayments> {
  // The landing is the owner's before their keys are tried anywhere (404 otherwise).
  await readOwnerPayments(deps, ownerId, landingId);
  const keys: ProviderKeys = {
    secretKey: input.secret_key,
    publishableKey: input.publishable_key,
    webhookSecret: input.webhook_secret,
  };
  const account = await paymentsOf(deps.config)
    .provider.checkAccount(keys)
    .catch((error: unknown) => {
      if (error instanceof ProviderError && (error.kind === "auth" || error.kind === "invalid")) {
        throw ValidationError.field("secret_key", "stripeKeysRejected");
      }
      throw new HttpError(503, "stripeUnavailable");
    });
  const secrets = secretsOf(deps.config);
  await writeOwnedRow(deps, ownerId, landingId, {
    provider: "stripe",
    accountId: account.accountId,
    accountName: account.displayName,
    testMode: account.testMode,
    secretKeySealed: secrets.seal(keys.secretKey),
    secretKeyHint: hint(keys.secretKey),
    publishableKey: keys.publishableKey,
    webhookSecretSealed: secrets.seal(keys.webhookSecret),
    checkedAt: deps.clock.now(),
  });
  return readOwnerPayments(deps, ownerId, landingId);
}

/** Forgets the keys; refused while the settings still take money online, or money still needs the account. */
export async function disconnectStripe(deps: AppDeps, ownerId: number, landingId: number): Promise<OwnerPayments> {
  const current = await readOwnerPayments(deps, ownerId, landingId);
  if (needsProvider(current.settings)) throw new HttpError(409, "stripeStillNeeded");
  if (await hasMoneyOutstanding(deps, landingId)) throw new HttpError(409, "paymentsOutstanding");
  // At the version read: settings changed meanwhile to take money online are not left without keys.
  const written = await writeOwnedRow(
    deps,
    ownerId,
    landingId,
    {
      provider: null,
      accountId: null,
      accountName: null,
      testMode: null,
      secretKeySealed: null,
      secretKeyHint: null,
      publishableKey: null,
      webhookSecretSealed: null,
      checkedAt: null,
    },
    current.version,
  );
  if (!written) throw new HttpError(409, "staleWrite");
  return readOwnerPayments(deps, ownerId, landingId);
}

/**
 * A landing's keys, opened for a call to the provider (never returned to a browser or logged).
 * Not scoped by an owner: the public booking and the provider's webhooks reach it by landing.
 */
export async function landingKeys(deps: AppDeps, landingId: number): Promise<ProviderKeys | null> {
  const [row] = await deps.db.select().from(landingPayments).where(eq(landingPayments.landingId, landingId));
  if (!row?.secretKeySealed || !row.webhookSecretSealed || !row.publishableKey) return null;
  return {
    secretKey: secretsOf(deps.config).open(row.secretKeySealed),
    publishableKey: row.publishableKey,
    webhookSecret: secretsOf(deps.config).open(row.webhookSecretSealed),
  };
}

/**
 * A landing's keys for a call made on its behalf, or null when it has none or they cannot be opened
 * (sealed with a key this server no longer has): the caller then leaves the money where it is.
 */
export const usableKeys = (deps: AppDeps, landingId: number): Promise<ProviderKeys | null> =>
  // Stryker disable next-line ArrowFunction: undefined and null are both "no keys" to every caller.
  landingKeys(deps, landingId).catch(() => null);

/**
 * Seals again, with the current key, every secret still sealed with a previous one (key rotation,
 * docs/operations.md). Run at start-up; once it reports none resealed and none unreadable,
 * SECRETS_KEY_PREVIOUS can be removed. A value no configured key opens is counted, not lost.
 */
export async function resealSecrets(deps: AppDeps): Promise<{ resealed: number; unreadable: number }> {
  const secrets = secretsOf(deps.config);
  const rows = await deps.db
    .select({
      landingId: landingPayments.landingId,
      secretKeySealed: landingPayments.secretKeySealed,
      webhookSecretSealed: landingPayments.webhookSecretSealed,
    })
    .from(landingPayments)
    .where(isNotNull(landingPayments.secretKeySealed));
  const counts = { resealed: 0, unreadable: 0 };
  for (const row of rows) {
    const { secretKeySealed: key, webhookSecretSealed: hook } = row;
    if (!key || !hook || (!secrets.isStale(key) && !secrets.isStale(hook))) continue;
    let opened: [string, string];
    try {
      opened = [secrets.open(key), secrets.open(hook)];
    } catch {
      counts.unreadable += 1;
      continue;
    }
    // Only if unchanged since read: a connect meanwhile already sealed with the current key.
    const updated = await deps.db
      .update(landingPayments)
      .set({ secretKeySealed: secrets.seal(opened[0]), webhookSecretSealed: secrets.seal(opened[1]) })
      .where(and(eq(landingPayments.landingId, row.landingId), eq(landingPayments.secretKeySealed, key)))
      .returning({ id: landingPayments.landingId });
    counts.resealed += updated.length;
  }
  return counts;
}
