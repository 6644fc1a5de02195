import type { FastifyReply, FastifyRequest } from "fastify";
import { secretsOf } from "../secrets";
import { newToken, sameSecret } from "./tokens";

/**
 * A browser an account has signed in from (OWASP's "device cookie"). Wrong passwords typed from
 * anywhere lock the account's sign-in for a while; a browser that has signed in to it before is
 * counted on its own instead, so a stranger typing wrong passwords cannot keep the owner out (a
 * walk locked an account for 15 minutes from another address, again and again). The cookie names
 * the account (its id, so a changed email keeps it) and a random id, signed by the server: it opens
 * nothing by itself.
 */
const KNOWN_BROWSER_COOKIE = "nelly_browser";
const PURPOSE = "known browser";
const PATH = "/api/login-nelly";
const LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;

const signature = (request: FastifyRequest, userId: number, id: string) =>
  secretsOf(request.server.deps.config).derivedToken(PURPOSE, `${userId}\n${id}`);

/** This browser's id for the account, when it signed in to it before; else null. */
export function knownBrowserOf(request: FastifyRequest, userId: number): string | null {
  const [id, signed, ...rest] = (request.cookies[KNOWN_BROWSER_COOKIE] ?? "").split(".");
  if (!id || !signed || rest.length > 0) return null;
  return sameSecret(signed, signature(request, userId, id)) ? id : null;
}

/** Remembers, after a sign-in, that this browser knows the account: only the sign-in call reads it. */
export function rememberBrowser(request: FastifyRequest, reply: FastifyReply, userId: number) {
  const id = knownBrowserOf(request, userId) ?? newToken();
  reply.setCookie(KNOWN_BROWSER_COOKIE, `${id}.${signature(request, userId, id)}`, {
    path: PATH,
    httpOnly: true,
    sameSite: "strict",
    secure: request.server.deps.config.cookieSecure,
    expires: new Date(request.server.deps.clock.now().getTime() + LIFETIME_MS),
  });
}
