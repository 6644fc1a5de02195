import type { DamageMark, DriverInput } from "@domain/counter";
import { formatDate, formatTime } from "@domain/date-format";
import type { SignatureKind } from "@domain/documents";
import { formatMoney } from "@domain/money";
import { formatNumber } from "@domain/numbers";
import { depositTakenAtCounter } from "@domain/payments";
import { timeZoneCity, toLocal } from "@domain/rental-time";
import type { ReturnRate } from "@domain/return-charges";
import { type BookingMail, depositSection, detailRows, paymentSection, policyText, priceRows } from "../mail";
import { documentText, rateRow, zoneName } from "./copy";
import { type DocumentIssuer, issuerBrand } from "./issuer";
import { drawPdf, type PdfRow, type PdfSection } from "./pdf";

/**
 * The caption under the signature by how the customer signed on the screen: by drawing, or with
 * their typed name set down as the signature (the pad's "Sign with the typed name",
 * web/lib/use-signature-pad.ts). It is part of what was agreed; when the signing did not say, it
 * claims neither.
 */
const SIGNED_ON_SCREEN = { drawn: "signedDrawn", typed: "signedTyped" } as const;

export type AgreementDocument = {
  mail: BookingMail;
  issuer: DocumentIssuer;
  drivers: DriverInput[];
  /** The vehicle as it left; null when signed before the counter (express pickup), where it is recorded. */
  state: {
    odometerKm: number;
    fuelEighths: number;
    marks: DamageMark[];
    items: string[];
    /** The deposit received at the counter as it left, or null (none, or held on the card). */
    deposit: { cents: number; method: "cash" | "card" } | null;
  } | null;
  /**
   * Its terms in the document's language: the agreement's own, or else the rental conditions the
   * customer accepted when booking (`rental`); an empty text: none.
   */
  terms: { text: string; kind: "agreement" | "rental" };
  /** The rates the owner's rules will price the return at (`returnRates`); none: no section. */
  returnRates: ReturnRate[];
  /** null for the draft read before signing. */
  signed: { version: number; signerName: string; signedAt: Date; signaturePng: Buffer; kind?: SignatureKind } | null;
  /** When the draft was drawn (its metadata); a signed one uses its signing time. */
  drawnAt: Date;
};

const countryName = (code: string, language: BookingMail["language"]) =>
  new Intl.DisplayNames([language], { type: "region", fallback: "code" }).of(code) ?? code;

/**
 * The rental agreement (issue 28.3): the parties, the vehicle and dates, its state at check-out with
 * the damage marks, every price line, payment and deposit, the rates the return will be priced at,
 * the cancellation policy, the owner's terms, and the customer's signature with when it was made on
 * the landing's clock.
 */
export function drawAgreement(document: AgreementDocument): Promise<Buffer> {
  const { mail, issuer, state, signed } = document;
  const language = mail.language;
  const r = mail.reservation;
  const t = (key: Parameters<typeof documentText>[1], params?: Record<string, string | number>) =>
    documentText(language, key, params);
  const date = (iso: string) => formatDate(iso, language);

  const parties: PdfRow[] = [
    [t("operator"), [issuer.legalName || issuer.brandName, issuer.taxId].filter(Boolean).join(" · ")],
    [t("customer"), `${r.name} ${r.last_name}`.trim()],
    ...(r.email ? [[t("email"), r.email] as PdfRow] : []),
    ...(r.phone ? [[t("phone"), r.phone] as PdfRow] : []),
  ];
  const drivers: PdfRow[] = document.drivers.map((driver) => [
    driver.name,
    t("driverLicence", {
      number: driver.licence_number,
      country: countryName(driver.licence_country, language),
      expiry: date(driver.licence_expiry),
      birth: date(driver.birth_date),
    }),
  ]);
  const stateSections = (): PdfSection[] => {
    if (!state) return [{ title: t("state"), text: t("stateAtCounter") }];
    const marks: PdfRow[] = state.marks.map((mark, index) => [
      `${index + 1}. ${zoneName(mark.zone, language)}`,
      mark.note || t("markNone"),
    ]);
    return [
      {
        title: t("state"),
        rows: [
          [t("odometer"), `${formatNumber(state.odometerKm, language)} km`],
          [t("fuel"), t("fuelEighths", { eighths: state.fuelEighths })],
          [t("items"), state.items.length > 0 ? state.items.join(", ") : t("noItems")],
        ],
      },
      marks.length > 0 ? { title: t("marks"), rows: marks } : { title: t("marks"), text: t("noMarks") },
    ];
  };

  // The deposit as the check-out recorded it, where the counter takes it (PRODUCT §11): what was
  // received and how, or that none was; before the check-out (express pickup), as the booking says.
  const depositSections = (): PdfSection[] => {
    if (state?.deposit) {
      const amount = formatMoney(state.deposit.cents, r.currency, language);
      const key = state.deposit.method === "card" ? "depositReceivedCard" : "depositReceivedCash";
      return [{ title: t("depositTitle"), text: t(key, { amount }) }];
    }
    if (state && r.deposit_cents > 0 && depositTakenAtCounter(r.payment)) {
      return [{ title: t("depositTitle"), text: t("depositNotReceived") }];
    }
    return depositSection(mail);
  };

  // What the return may cost, so its charges are those signed for (PRODUCT §12): before tax, as
  // the invoice then lists them, with the tax on them said under.
  const ratesSections = (): PdfSection[] => {
    if (document.returnRates.length === 0) return [];
    const money = (cents: number) => formatMoney(cents, r.currency, language);
    const number = (value: number) => formatNumber(value, language);
    return [
      {
        title: t("returnRates"),
        rows: document.returnRates.map((rate) => rateRow(rate, language, money, number)),
        ...(r.tax_rate > 0 && { text: t("returnRatesTax", { label: r.tax_label, rate: r.tax_rate }) }),
      },
    ];
  };

  const sections: PdfSection[] = [
    { title: t("parties"), rows: parties },
    { title: t("drivers"), rows: drivers },
    { title: t("rental"), rows: detailRows(mail, false) },
    ...stateSections(),
    { title: t("price"), rows: priceRows(mail), total: true },
    ...paymentSection(mail),
    ...depositSections(),
    ...ratesSections(),
    { title: t("policies"), text: policyText(mail) },
    ...(document.terms.text.trim()
      ? [{ title: t(document.terms.kind === "rental" ? "rentalTerms" : "terms"), text: document.terms.text }]
      : []),
    // Unsigned, the statement closes the draft; signed, it stands right above the signature.
    ...(signed ? [] : [{ text: t("accept") }]),
  ];

  const version = signed?.version ?? 0;
  const signedAt = signed ? toLocal(signed.signedAt, issuer.timeZone) : null;
  return drawPdf({
    brand: issuerBrand(issuer, language),
    title: t("agreementTitle"),
    subtitle: signed
      ? t("agreementSubtitle", { reference: r.reference, version })
      : t("draftSubtitle", { reference: r.reference }),
    sections,
    signature:
      signed && signedAt
        ? {
            statement: t("accept"),
            image: signed.signaturePng,
            caption: [
              t("signedBy", { name: signed.signerName }),
              t("signedAt", {
                date: formatDate(signedAt.date, language),
                time: formatTime(signedAt.time, language),
                zone: timeZoneCity(issuer.timeZone),
              }),
              t(signed.kind ? SIGNED_ON_SCREEN[signed.kind] : "signedOnScreen", { landing: issuer.brandName }),
            ],
          }
        : undefined,
    footer: signed
      ? t("agreementFooter", { reference: r.reference, version })
      : t("draftFooter", { reference: r.reference }),
    pageLabel: (page, pages) => t("page", { page, pages }),
    createdAt: signed?.signedAt ?? document.drawnAt,
  });
}
