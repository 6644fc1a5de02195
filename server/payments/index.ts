// The payments part's entry (issue 27): what the rest of server/ may use of it (lint/dependencies.cjs).

export { settleEndedBooking } from "./cancel";
export { settleOnReturn, startCheckout } from "./checkout";
export { moneyRoutes } from "./money-routes";
export { type Payments, paymentsOf } from "./open";
export { captureDeposit, lockOwned, tellCustomer } from "./owner-money";
export type { PaymentProvider, ProviderKeys } from "./provider";
export { ProviderError } from "./provider";
export { paymentRoutes } from "./routes";
export { resealSecrets } from "./settings";
export { sweepPayments } from "./sweep";
export { startPaymentSweep } from "./sweep-timer";
export { paymentWebhookRoutes } from "./webhook-routes";
