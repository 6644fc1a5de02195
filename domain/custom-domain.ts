import { z } from "zod";
import type { ApiMessageKey } from "./messages";

/**
 * An owner's own domain for a landing (issue 10), e.g. `reservas.flotasol.com`: requests whose
 * Host is that name are served the landing at `/`. Stored lowercase, without a trailing dot, so
 * the unique index and the Host lookup compare like with like.
 */

export const DOMAIN_MAX = 253;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** As typed, made comparable: spaces around it dropped, lowercase, one trailing dot removed. */
export function normalizeCustomDomain(value: string): string {
  return value.trim().toLowerCase().replace(/\.$/, "");
}

/**
 * Why a normalized domain cannot be attached, or null. `platformHost` (the host of
 * PUBLIC_BASE_URL) and its subdomains belong to the platform, never to one owner; names that
 * never reach us over the public internet (localhost, IP addresses) are refused too.
 */
export function customDomainProblem(domain: string, platformHost?: string): ApiMessageKey | null {
  // Browsers send an internationalized name as punycode (xn--...): that is the form we can match.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
  if (/[^\x00-\x7f]/.test(domain)) return "domainAscii";
  if (domain.length === 0) return "domainInvalid";
  const labels = domain.split(".");
  // Too long is said as such, not as a name typed with a scheme or a path (a walk's finding).
  if (domain.length > DOMAIN_MAX || labels.some((label) => label.length > 63)) return "domainTooLong";
  // A scheme, path, port, space or any other character fails the label pattern.
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return "domainInvalid";
  const top = labels[labels.length - 1] ?? "";
  // An all-digit last label is an IPv4 address (no top-level domain is numeric).
  if (/^\d+$/.test(top) || top === "localhost") return "domainReserved";
  const platform = platformHost ? normalizeCustomDomain(platformHost) : "";
  if (platform && (domain === platform || domain.endsWith(`.${platform}`))) return "domainReserved";
  return null;
}

/**
 * How an owner's DNS reaches this platform at `platformHost` (issue 25.19): a CNAME to a public
 * name, an A (or AAAA) record to an IP address, or nothing while the platform has no public address
 * (localhost, or a name without a dot).
 */
export function dnsRecordFor(platformHost: string): "cname" | "address" | "none" {
  const host = normalizeCustomDomain(platformHost).replace(/^\[|\]$/g, "");
  if (/^[\d.]+$/.test(host) || host.includes(":")) return /^(127\.|0\.|::1$)/.test(host) ? "none" : "address";
  if (!host.includes(".") || host === "localhost" || host.endsWith(".localhost")) return "none";
  return "cname";
}

/**
 * The DNS record that proves an owner controls `domain` (anyone can type any name): a TXT record
 * at `_nelly.{domain}` holding `nelly-verify={token}`, the token given to that landing's claim.
 * Until it is found the domain serves nothing and gets no certificate.
 */
export function verificationRecord(domain: string, token: string): { name: string; value: string } {
  return { name: `_nelly.${domain}`, value: `nelly-verify=${token}` };
}

/**
 * The owner's input: `{ custom_domain: "reservas.flotasol.com" }`, or "" to detach the domain
 * (null after parsing). The platform's own host is checked by the server, which knows it.
 */
export const customDomainInputSchema = z.object({
  custom_domain: z
    .string("domainInvalid" satisfies ApiMessageKey)
    .max(DOMAIN_MAX + 10, "domainTooLong" satisfies ApiMessageKey)
    .transform(normalizeCustomDomain)
    .superRefine((domain, ctx) => {
      const problem = domain === "" ? null : customDomainProblem(domain);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform((domain) => (domain === "" ? null : domain)),
});

export type CustomDomainInput = z.input<typeof customDomainInputSchema>;
