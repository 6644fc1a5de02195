import { createHash } from "node:crypto";
import { counterRulesOf, type DriverInput, depositTaken } from "@domain/counter";
import type { AgreementView, SignAgreementInput } from "@domain/documents";
import type { Language } from "@domain/languages";
import { dayPriceCents, returnRates } from "@domain/return-charges";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { onLandingOwnedBy } from "../db/owner-scope";
import { rentalAgreements, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { documentFileName, drawAgreement } from "../documents";
import { HttpError } from "../http/errors";
import { queueMails } from "../mail";
import { customerMail } from "../reservations";
import { privateFolder } from "../storage";
import { type DocumentContext, documentContext } from "./document-context";
import { signatureImage } from "./signature";

/**
 * The rental agreement (issue 28.3). After the check-out, the customer reads the draft and signs on
 * the screen; the signed PDF is drawn once, kept in the private documents store with its SHA-256,
 * emailed to the customer, and never changed: signing again (a correction) makes the next version,
 * and every version stays readable.
 */

const contentType = "application/pdf";

/**
 * What the agreement says of the drivers and the vehicle: the check-out's record, or before it the
 * drivers the customer entered for their express pickup (the vehicle's state is then recorded at
 * the counter); and the rates the return will be priced at, as the check-in prices them: the
 * landing's counter rules, on the booking's days and day price, with these drivers.
 */
function agreementParts(context: DocumentContext) {
  const withRates = (drivers: DriverInput[]) => {
    const rules = counterRulesOf(context.landing.counterRules);
    const { days, rentalCents } = context.found.reservation;
    return {
      drivers,
      returnRates: returnRates({
        rules,
        days,
        dayPriceCents: dayPriceCents(rentalCents, days),
        additionalDrivers: { count: Math.max(0, drivers.length - 1), dayCents: rules.additional_driver_day_cents },
      }),
    };
  };
  const out = context.checkOut;
  if (out) {
    return {
      ...withRates(out.drivers ?? []),
      state: {
        odometerKm: out.odometerKm,
        fuelEighths: out.fuelEighths,
        marks: out.marks,
        items: out.items ?? [],
        deposit: depositTaken(out),
      },
    };
  }
  const express = context.found.reservation.expressDrivers;
  if (express && express.length > 0) return { ...withRates(express), state: null };
  throw new HttpError(409, "agreementNeedsCheckOut");
}

/**
 * The counter rules the booking's last signed agreement states (`rentalAgreements.counterRules`),
 * or null when none was signed with them: the return is then priced on the landing's rules of now.
 */
export async function signedCounterRules(db: Database, ownerId: number, reservationId: number) {
  const [last] = await db
    .select({ rules: rentalAgreements.counterRules })
    .from(rentalAgreements)
    .where(
      and(eq(rentalAgreements.reservationId, reservationId), onLandingOwnedBy(rentalAgreements.landingId, ownerId)),
    )
    .orderBy(desc(rentalAgreements.version))
    .limit(1);
  return last?.rules ?? null;
}

/** The agreement as it would be signed now, unsigned: for the customer to read first. Not stored. */
export async function agreementDraft(deps: AppDeps, ownerId: number, reservationId: number, language?: Language) {
  const context = await documentContext(deps, ownerId, reservationId, language);
  return drawAgreement({
    mail: context.mail,
    issuer: context.issuer,
    ...agreementParts(context),
    terms: context.terms,
    signed: null,
    drawnAt: deps.clock.now(),
  });
}

const present = (row: typeof rentalAgreements.$inferSelect): AgreementView => ({
  version: row.version,
  language: row.language === "en" ? "en" : "es",
  signer_name: row.signerName,
  signed_at: row.signedAt.toISOString(),
  sha256: row.sha256,
});

/** Signs the next version of the booking's agreement, stores it and emails it to the customer. */
export async function signAgreement(
  deps: AppDeps,
  ownerId: number,
  reservationId: number,
  input: SignAgreementInput,
): Promise<AgreementView> {
  const context = await documentContext(deps, ownerId, reservationId, input.language);
  const parts = agreementParts(context);
  const signaturePng = await signatureImage(input.signature);
  const signedAt = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    // The booking's row is the agreement's lock: two signatures at once get versions n and n + 1.
    await tx
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.id, reservationId), onLandingOwnedBy(reservations.landingId, ownerId)))
      .for("update");
    const [last] = await tx
      .select({ version: sql<number>`coalesce(max(${rentalAgreements.version}), 0)` })
      .from(rentalAgreements)
      .where(eq(rentalAgreements.reservationId, reservationId));
    const version = Number(last?.version ?? 0) + 1;
    const pdf = await drawAgreement({
      mail: context.mail,
      issuer: context.issuer,
      ...parts,
      terms: context.terms,
      signed: { version, signerName: input.signer_name, signedAt, signaturePng, kind: input.signature_kind },
      drawnAt: signedAt,
    });
    const path = await deps.storage.put(privateFolder("agreements"), "pdf", pdf);
    const [inserted] = await tx
      .insert(rentalAgreements)
      .values({
        reservationId,
        landingId: context.landing.id,
        version,
        language: context.language,
        signerName: input.signer_name,
        signedAt,
        path,
        sha256: createHash("sha256").update(pdf).digest("hex"),
        // The rules its return's rates were drawn from: the check-in prices the return with them.
        counterRules: context.landing.counterRules,
        createdAt: signedAt,
      })
      .returning();
    if (!inserted) throw new Error("the agreement was not written");
    const filename = documentFileName(
      context.language,
      "agreement",
      context.found.reservation.reference,
      `v${version}`,
    );
    await queueMails(
      tx,
      signedAt,
      customerMail(deps, context.landing, context.found, "reservation.agreement", context.ownerEmail).map((mail) => ({
        ...mail,
        mail: context.mail,
        attachments: [{ filename, path, contentType }],
      })),
    );
    return inserted;
  });
  return present(row);
}

/** Every signed version of the booking's agreement, the newest first. */
export async function agreementsOf(db: Database, ownerId: number, reservationId: number): Promise<AgreementView[]> {
  const rows = await db
    .select()
    .from(rentalAgreements)
    .where(
      and(eq(rentalAgreements.reservationId, reservationId), onLandingOwnedBy(rentalAgreements.landingId, ownerId)),
    )
    .orderBy(desc(rentalAgreements.version));
  return rows.map(present);
}

/** One signed version's PDF, as it was stored when signed. */
export async function agreementFile(deps: AppDeps, ownerId: number, reservationId: number, version: number) {
  const [row] = await deps.db
    .select()
    .from(rentalAgreements)
    .innerJoin(reservations, eq(reservations.id, rentalAgreements.reservationId))
    .where(
      and(
        eq(rentalAgreements.reservationId, reservationId),
        eq(rentalAgreements.version, version),
        onLandingOwnedBy(rentalAgreements.landingId, ownerId),
      ),
    );
  if (!row) throw new HttpError(404, "agreementNotFound");
  return {
    pdf: await deps.storage.get(row.rental_agreements.path),
    filename: documentFileName(
      row.rental_agreements.language === "en" ? "en" : "es",
      "agreement",
      row.reservations.reference,
      `v${version}`,
    ),
  };
}
