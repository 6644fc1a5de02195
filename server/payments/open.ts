import type { Config } from "../config";
import { type Secrets, secretsOf } from "../secrets";
import type { PaymentProvider } from "./provider";
import { stripeProvider } from "./stripe-provider";

/** What payments need from the outside: the sealing key and the provider's client. */
export type Payments = { secrets: Secrets; provider: PaymentProvider };

const opened = new WeakMap<Config, Payments>();

/**
 * The payments of a configuration, opened on first use: both follow from the configuration alone
 * (the secrets key, server/secrets; the provider's address), so every app and script built
 * on one configuration shares them.
 */
export function paymentsOf(config: Config): Payments {
  let payments = opened.get(config);
  if (!payments) {
    payments = {
      secrets: secretsOf(config),
      provider: stripeProvider({ apiUrl: config.stripeApiUrl }),
    };
    opened.set(config, payments);
  }
  return payments;
}
