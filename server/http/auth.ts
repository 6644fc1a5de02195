import { IDLE_REQUEST_HEADER, SESSION_MAX_MS } from "@domain/limits";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { extendSession, findSession, type IssuedSession, newToken, type SessionUser, sameSecret } from "../auth";
import { HttpError } from "./errors";

export const SESSION_COOKIE = "nelly_session";
export const XSRF_COOKIE = "XSRF-TOKEN";
const XSRF_HEADER = "x-xsrf-token";
/** On a refusal of the CSRF check only (web/lib/http.ts reads it). */
const XSRF_REFUSED_HEADER = "x-xsrf-refused";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type OwnerSession = { user: SessionUser; sessionId: number; expiresAt: Date; absoluteExpiresAt: Date };

declare module "fastify" {
  interface FastifyRequest {
    owner: OwnerSession | null;
  }
  interface FastifyContextConfig {
    /** false: calls of this route are never the owner's activity (the live stream reconnects by itself). */
    sessionActivity?: false;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * Whether a request is the owner at work, which keeps their session open (issue 25.3). Not when
 * the dashboard says nobody touched the page (a poll, a refresh after a live event: the
 * IDLE_REQUEST_HEADER), nor on a route that declares `sessionActivity: false`; any other call, an
 * API client's included, is.
 */
function isActivity(request: FastifyRequest): boolean {
  return request.headers[IDLE_REQUEST_HEADER] !== "1" && request.routeOptions.config.sessionActivity !== false;
}

/** The signed-in owner, or 401. Sessions come from the cookie (browser) or a bearer token (API). */
export async function requireOwner(request: FastifyRequest) {
  const token = bearerToken(request) ?? request.cookies[SESSION_COOKIE];
  if (!token) throw new HttpError(401, "unauthenticated");
  const { db, clock } = request.server.deps;
  const now = clock.now();
  const found = await findSession(db, token, now);
  if (!found) throw new HttpError(401, "unauthenticated");
  const expiresAt = isActivity(request) ? await extendSession(db, found, now) : found.expiresAt;
  request.owner = {
    user: found.user,
    sessionId: found.sessionId,
    expiresAt,
    absoluteExpiresAt: found.absoluteExpiresAt,
  };
}

/**
 * Whether this browser holds an owner's open session (its cookie), for a page that only words
 * itself differently for them; neither their activity nor a refusal.
 */
export async function signedInHere(request: FastifyRequest): Promise<boolean> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return false;
  const { db, clock } = request.server.deps;
  return Boolean(await findSession(db, token, clock.now()));
}

/** The owner of a request that passed requireOwner. */
export function ownerOf(request: FastifyRequest): OwnerSession {
  if (!request.owner) throw new HttpError(401, "unauthenticated");
  return request.owner;
}

/** The signed-in owner's id, which every owner service takes to scope its queries. */
export const ownerIdOf = (request: FastifyRequest): number => ownerOf(request).user.id;

/** A `{userId}` in the path that is not the caller's answers 403 (PRODUCT §9). */
export function assertSelf(request: FastifyRequest, userId: number) {
  if (ownerOf(request).user.id !== userId) throw new HttpError(403, "forbidden");
}

/**
 * The cookie lasts as long as the session can: until its absolute end. Activity moves the
 * session's own end without a new Set-Cookie; the server decides, the cookie only carries it.
 * The XSRF cookie is given the same end: a browser that keeps the session across a restart must
 * keep the token the CSRF check asks of it too, or every public page's booking is refused.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: IssuedSession) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.server.deps.config.cookieSecure,
    expires: session.absoluteExpiresAt,
  });
  setXsrfCookie(request, reply, session.absoluteExpiresAt);
}

export function clearSessionCookie(reply: FastifyReply) {
  // Stryker disable next-line ObjectLiteral: "/" is also @fastify/cookie's default (the test reads the path).
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}

/**
 * The token the CSRF check compares, kept when the browser has one. It lasts as long as any session
 * it may come to guard (by default, one begun now): a session cookie outliving it would leave the
 * public pages, which never ask for a token, refused (they send only the cookie they have).
 */
export function setXsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  expires = new Date(request.server.deps.clock.now().getTime() + SESSION_MAX_MS),
) {
  const value = request.cookies[XSRF_COOKIE] || newToken();
  // Readable by the page's script (it echoes it in X-XSRF-TOKEN), which a cross-site page cannot do.
  reply.setCookie(XSRF_COOKIE, value, {
    path: "/",
    httpOnly: false,
    sameSite: "lax",
    secure: request.server.deps.config.cookieSecure,
    expires,
  });
}

/**
 * Double-submit CSRF check for browsers. A request that carries our cookies and no bearer token
 * must echo the XSRF-TOKEN cookie in the X-XSRF-TOKEN header on unsafe methods. Callers with no
 * cookies (API clients with a bearer token, or none yet) carry no ambient authority to abuse.
 */
export function registerCsrfCheck(app: FastifyInstance) {
  app.decorateRequest("owner", null);
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || bearerToken(request)) return;
    const cookieToken = request.cookies[XSRF_COOKIE];
    if (!cookieToken && !request.cookies[SESSION_COOKIE]) return;
    const header = request.headers[XSRF_HEADER];
    const headerToken = Array.isArray(header) ? header[0] : header;
    if (!cookieToken || !headerToken || !sameSecret(cookieToken, headerToken)) {
      // Told apart from any other 403 (a customer refused): the public pages then ask for a token.
      reply.header(XSRF_REFUSED_HEADER, "1");
      throw new HttpError(403, "csrfMismatch");
    }
  });
}
