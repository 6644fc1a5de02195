import type { Config } from "../config";
import type { PaymentProvider } from "./provider";
import { stripeProvider } from "./stripe-provider";

/** What payments need from the outside besides the secrets key (server/secrets): the provider's client. */
export type Payments = { provider: PaymentProvider };

const opened = new WeakMap<Config, Payments>();

/**
 * The payments of a configuration, opened on first use: the provider's client follows from the
 * configuration alone (its address), so every app and script built on one configuration shares it.
 */
export function paymentsOf(config: Config): Payments {
  let payments = opened.get(config);
  if (!payments) {
    payments = { provider: stripeProvider({ apiUrl: config.stripeApiUrl }) };
    opened.set(config, payments);
  }
  return payments;
}
