// The payments part's entry (issue 27): what the rest of server/ may use of it (lint/dependencies.cjs).

export { type Payments, paymentsOf } from "./open";
export type { PaymentProvider, ProviderKeys } from "./provider";
export { ProviderError } from "./provider";
export { paymentRoutes } from "./routes";
export type { Secrets } from "./secrets";
export { resealSecrets } from "./settings";
