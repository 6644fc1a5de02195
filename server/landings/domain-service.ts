import { randomBytes } from "node:crypto";
import { verificationRecord } from "@domain/custom-domain";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { ownedBy } from "../db/owner-scope";
import { landings } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError, ValidationError } from "../http/errors";
import { txtRecords } from "./dns-txt";

/**
 * A custom domain is first a claim: anyone can type any name, so it serves the landing (and the TLS
 * proxy gets a certificate for it) only once its DNS holds the claim's TXT record
 * (`verificationRecord`). Claims may repeat across landings; the unique index admits one verified.
 */

/** The landing that verified `domain`, trash included: the unique index admits one at most. */
async function verifiedHolder(db: Database, domain: string) {
  const [found] = await db
    .select({ id: landings.id, deletedAt: landings.deletedAt })
    .from(landings)
    .where(and(eq(landings.customDomain, domain), isNotNull(landings.customDomainVerifiedAt)))
    .limit(1);
  return found;
}

/** Whether a landing not in the trash has this verified domain: the TLS proxy's question before a certificate. */
export async function isAttachedDomain(db: Database, domain: string): Promise<boolean> {
  const holder = await verifiedHolder(db, domain);
  return holder !== undefined && holder.deletedAt === null;
}

/** Whether a landing other than `landingId` verified `domain` (in the trash too: it may come back). */
async function verifiedElsewhere(db: Database, domain: string, landingId: number): Promise<boolean> {
  const holder = await verifiedHolder(db, domain);
  return holder !== undefined && holder.id !== landingId;
}

/** 128 random bits, as the TXT record's value carries them: lowercase letters and digits only. */
const newToken = () => randomBytes(16).toString("hex");

/**
 * Claims `domain` for one of the owner's landings (null detaches it). The same domain saved again
 * keeps its claim as it was (verified or not, the same record); another starts a new claim, with a
 * new token. A domain another landing has verified is refused; another landing's mere claim is not,
 * or anyone could lock an owner out of their own name by typing it first. Scoped by owner in each
 * statement's WHERE: another owner's (or a trashed) landing matches no row and answers 404. Not a
 * versioned edit: the domain is its own small form, and saving it must not turn the owner's other
 * open forms stale. The content version still moves (a trigger), so cached pages get the new addresses.
 */
export async function setCustomDomain(deps: AppDeps, ownerId: number, landingId: number, domain: string | null) {
  const [current] = await deps.db
    .select({ domain: landings.customDomain })
    .from(landings)
    .where(and(eq(landings.id, landingId), ownedBy(ownerId)))
    .limit(1);
  if (!current) throw new HttpError(404, "landingNotFound");
  if (current.domain === domain) return;
  if (domain !== null && (await verifiedElsewhere(deps.db, domain, landingId))) {
    throw ValidationError.field("custom_domain", "domainTaken");
  }
  await deps.db
    .update(landings)
    .set({
      customDomain: domain,
      customDomainToken: domain === null ? null : newToken(),
      customDomainVerifiedAt: null,
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(landings.id, landingId), ownedBy(ownerId)));
}

/**
 * Looks for the landing's claim's TXT record in the domain's DNS; found, the domain is verified and
 * serves the landing from now on. Not found answers 422, the domain's field naming the record; a
 * DNS that cannot be asked, 503. Returns the domain.
 */
export async function verifyCustomDomain(deps: AppDeps, ownerId: number, landingId: number): Promise<string> {
  const [claim] = await deps.db
    .select({
      domain: landings.customDomain,
      token: landings.customDomainToken,
      verifiedAt: landings.customDomainVerifiedAt,
    })
    .from(landings)
    .where(and(eq(landings.id, landingId), ownedBy(ownerId)))
    .limit(1);
  if (!claim) throw new HttpError(404, "landingNotFound");
  const { domain, token } = claim;
  if (domain === null) throw new HttpError(409, "domainNotAttached");
  if (claim.verifiedAt !== null || token === null) return domain;
  // Another landing verified it first: no record will change that, so no waiting for one is asked.
  if (await verifiedElsewhere(deps.db, domain, landingId)) throw new HttpError(409, "domainTaken");
  const record = verificationRecord(domain, token);
  const found = await txtRecords(deps.config.dnsServers, record.name);
  if (!found.some((value) => value.trim() === record.value)) {
    throw ValidationError.field("custom_domain", "domainRecordMissing", record);
  }
  try {
    // The claim as it was read: a domain changed or removed meanwhile (another tab) verifies nothing.
    const updated = await deps.db
      .update(landings)
      .set({ customDomainVerifiedAt: deps.clock.now(), updatedAt: deps.clock.now() })
      .where(
        and(
          eq(landings.id, landingId),
          ownedBy(ownerId),
          eq(landings.customDomain, domain),
          eq(landings.customDomainToken, token),
        ),
      )
      .returning({ id: landings.id });
    if (updated.length === 0) throw new HttpError(409, "staleWrite");
  } catch (error) {
    // Another landing verified the same name first (its owner's record is there too): one serves it.
    if (isUniqueViolation(error)) throw new HttpError(409, "domainTaken");
    throw error;
  }
  return domain;
}
