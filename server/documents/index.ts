// The rental documents' entry (issue 28): the agreement and the invoice drawn as PDFs, from data
// the counter gathers (lint/dependencies.cjs).
export { type AgreementDocument, drawAgreement } from "./agreement-pdf";
export { documentFileName } from "./copy";
export { drawInvoice, type InvoiceDocument, invoiceNumber } from "./invoice-pdf";
export type { DocumentIssuer } from "./issuer";
