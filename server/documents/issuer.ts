import type { Language } from "@domain/languages";
import { documentText } from "./copy";
import type { PdfDocumentInput } from "./pdf";

/** The operator as their documents name them: the brand, its legal details and how to reach it. */
export type DocumentIssuer = {
  brandName: string;
  legalName: string;
  taxId: string;
  address: string;
  email: string;
  phone: string;
  logoPng: Buffer | null;
  color: string;
  timeZone: string;
};

/** The lines under the brand at the top of every document: legal name, tax id, address, contact. */
function issuerLines(issuer: DocumentIssuer, language: Language): string[] {
  return [
    issuer.legalName && issuer.legalName !== issuer.brandName ? issuer.legalName : "",
    issuer.taxId ? `${documentText(language, "taxId")}: ${issuer.taxId}` : "",
    ...issuer.address.split("\n"),
    [issuer.email, issuer.phone].filter(Boolean).join(" · "),
  ].filter((line) => line.trim() !== "");
}

/** The top of every document: the brand's logo or name, and the lines under it. */
export const issuerBrand = (issuer: DocumentIssuer, language: Language): PdfDocumentInput["brand"] => ({
  name: issuer.brandName,
  lines: issuerLines(issuer, language),
  logoPng: issuer.logoPng,
  color: issuer.color,
});
