// The mail part's entry: what the rest of server/ may use of it (lint/dependencies.cjs).

export { renderEmailChangedMail, renderPasswordChangedMail } from "./account-change-mail";
export type { QueuedMail } from "./outbox";
export { queueAccountMail, queueMails } from "./outbox";
export { renderPasswordResetMail } from "./password-reset-mail";
export type { BookingMail, MailKind, MoneyNotice, Row, Section } from "./templates";
export { depositSection, detailRows, paymentSection, policyText, priceRows } from "./templates";
