import { and, eq, isNotNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Database } from "../db/database";
import { landings } from "../db/schema";
import { RecentLookups } from "../landings";

/**
 * Host routing (issue 10): a request whose Host is a landing's custom domain is that landing's
 * site at `/`; every other Host is the platform, exactly as before.
 */

/** The Host the visitor asked for, as domains are stored: lowercase, without port or trailing dot. */
export function requestHost(request: FastifyRequest): string {
  return request.hostname.toLowerCase().replace(/\.$/, "");
}

/** The API, uploads and built bundles answer the same on every host (the site's own fetches go there). */
export const isSharedPath = (path: string) =>
  path === "/api" || path.startsWith("/api/") || path.startsWith("/storage/") || path.startsWith("/assets/");

export type DomainLanding = { id: number; live: boolean; robots: string };

/**
 * The landing whose verified custom domain is `host`, live or not (a draft's domain answers 404,
 * never the platform), or null for a host nobody verified. One query on the unique index.
 */
/** Hosts looked up a moment ago (most are the platform's own address, which no landing claims). */
const recent = new RecentLookups<DomainLanding | null>();

export async function findDomainLanding(db: Database, host: string): Promise<DomainLanding | null> {
  if (!host) return null;
  const remembered = recent.get(db, host);
  if (remembered !== undefined) return remembered;
  const answer = await lookUpDomain(db, host);
  recent.set(db, host, answer);
  return answer;
}

async function lookUpDomain(db: Database, host: string): Promise<DomainLanding | null> {
  const [found] = await db
    .select({ id: landings.id, status: landings.status, deletedAt: landings.deletedAt, robots: landings.robots })
    .from(landings)
    // A claim not verified yet serves nothing: its Host is the platform's, as a name nobody claimed.
    .where(and(eq(landings.customDomain, host), isNotNull(landings.customDomainVerifiedAt)))
    .limit(1);
  if (!found) return null;
  return { id: found.id, live: found.status === "published" && found.deletedAt === null, robots: found.robots };
}

/**
 * The params of `path` against a route pattern such as "/vehicles/:vehicleId" (an empty pattern
 * is the home, "/"), or null when it does not match.
 */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern === "" ? [""] : pattern.split("/").slice(1);
  const got = path === "/" ? [""] : path.split("/").slice(1);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of want.entries()) {
    const actual = got[index] ?? "";
    if (segment.startsWith(":")) {
      if (!actual) return null;
      params[segment.slice(1)] = actual;
    } else if (segment !== actual) {
      return null;
    }
  }
  return params;
}
