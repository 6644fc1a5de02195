import { z } from "zod";
import type { ApiMessageKey } from "./messages";
import { freeText } from "./plain-text";
import { versionField } from "./version";

/**
 * A rental's documents (issue 28): the agreement the customer signs at pickup and the invoice of
 * the return. The operator's legal details and the agreement's own terms, in both languages, are
 * the landing's; everything else on them is the booking's and the counter's.
 */

const m = (key: ApiMessageKey) => key;

export type DocumentSettings = {
  /** The company's registered name ("Flota Sol SRL"); the brand's name when empty. */
  legal_name: string;
  /** RNC, NIF, EIN...: printed on every agreement and invoice when given. */
  tax_id: string;
  /** The office's address, one or more lines. */
  address: string;
  /** The owner's own terms, in Spanish and in English, printed under the agreement's policies. */
  terms_es: string;
  terms_en: string;
};

export const DEFAULT_DOCUMENT_SETTINGS: DocumentSettings = {
  legal_name: "",
  tax_id: "",
  address: "",
  terms_es: "",
  terms_en: "",
};

/** Stored JSON read back with today's defaults, so an older row or a missing key changes nothing. */
export function documentSettingsOf(stored: unknown): DocumentSettings {
  const value = stored && typeof stored === "object" ? (stored as Partial<DocumentSettings>) : {};
  return { ...DEFAULT_DOCUMENT_SETTINGS, ...value };
}

export const LEGAL_NAME_MAX = 120;
export const TAX_ID_MAX = 30;
export const ADDRESS_MAX = 300;
export const TERMS_MAX = 8_000;
export const SIGNER_NAME_MAX = 120;
/** A Dominican fiscal receipt number: a letter and 10 digits (e-CF: E and 12 digits); other countries leave it empty. */
export const NCF_MAX = 13;

/**
 * An RNC, a cédula or another country's tax id: letters, digits and the marks that separate them
 * (spaces, dots, dashes, slashes), at most TAX_ID_MAX. It is printed on invoices: a walk's
 * customer "RNC" of fifteen emoji went onto one.
 */
const taxIdText = () =>
  freeText(TAX_ID_MAX, m("taxIdTooLong")).refine((value) => /^[\p{L}\p{N} .\-/]*$/u.test(value), m("taxIdCharacters"));

/** PUT …/document-settings. */
export const documentSettingsInputSchema = z
  .object({
    version: versionField,
    legal_name: freeText(LEGAL_NAME_MAX, m("legalNameTooLong")).optional().default(""),
    tax_id: taxIdText().optional().default(""),
    address: freeText(ADDRESS_MAX, m("addressTooLong")).optional().default(""),
    terms_es: freeText(TERMS_MAX, m("agreementTermsTooLong")).optional().default(""),
    terms_en: freeText(TERMS_MAX, m("agreementTermsTooLong")).optional().default(""),
  })
  .transform(({ version, ...settings }): { version: number; settings: DocumentSettings } => ({ version, settings }));

export const documentSettingsSchema = z.object({
  legal_name: z.string(),
  tax_id: z.string(),
  address: z.string(),
  terms_es: z.string(),
  terms_en: z.string(),
});

/** The largest signature image accepted, as its data URL (a signature pad's PNG is a few tens of KB). */
export const SIGNATURE_MAX_CHARS = 400_000;

/** Who signs on the screen, and what they drew there (a PNG data URL). */
const signerName = freeText(SIGNER_NAME_MAX, m("signerNameRequired")).pipe(z.string().min(1, m("signerNameRequired")));
const signature = z
  .string(m("signatureRequired"))
  .max(SIGNATURE_MAX_CHARS, m("signatureInvalid"))
  .refine((value) => value.startsWith("data:image/png;base64,"), m("signatureRequired"));

/** POST /reservations/:id/agreements: the customer's name and their signature drawn on the screen. */
/** How the signature was made: drawn on the screen, or the typed name set down as the signature. */
export const SIGNATURE_KINDS = ["drawn", "typed"] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];

export const signAgreementSchema = z.object({
  signer_name: signerName,
  signature,
  /** The signed agreement says which (without it, it claims neither). */
  signature_kind: z.enum(SIGNATURE_KINDS, m("invalid")).optional(),
  language: z.enum(["es", "en"], m("invalid")).optional(),
});

/** POST /reservations/:id/charges/acceptance: the customer accepts the return's charges, signing for them. */
export const acceptChargesSchema = z.object({
  signer_name: signerName,
  signature,
  /**
   * The charges' total the customer was shown and signs for (the counter view's
   * `check_in.charges_total_cents`): a correction of the return saved meanwhile, from another
   * screen, is refused rather than signed for unseen.
   */
  charges_total_cents: z.number(m("invalid")).int(m("invalid")),
});
export type AcceptChargesInput = z.infer<typeof acceptChargesSchema>;
export type SignAgreementInput = z.infer<typeof signAgreementSchema>;

export const agreementViewSchema = z.object({
  version: z.number().int(),
  language: z.enum(["es", "en"]),
  signer_name: z.string(),
  signed_at: z.string(),
  sha256: z.string(),
});
export type AgreementView = z.infer<typeof agreementViewSchema>;

/** What the customer's tax id and the fiscal receipt number may be: printable, short. */
export const customerTaxIdField = taxIdText().optional().default("");
export const ncfField = freeText(NCF_MAX, m("ncfInvalid"))
  .refine((value) => value === "" || /^[A-Z][0-9]{10,12}$/.test(value.toUpperCase()), m("ncfInvalid"))
  .transform((value) => value.toUpperCase())
  .optional()
  .default("");
