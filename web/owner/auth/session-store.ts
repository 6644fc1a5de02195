import { useSyncExternalStore } from "react";
import { SESSION_TTL_MS } from "../../../domain/limits";
import type { User } from "../../../domain/users";
import { setDraftScope } from "../../lib/use-form-draft";

const isTextOrNull = (value: unknown) => value === null || typeof value === "string";

/**
 * Whether what localStorage holds is a user as the server sent it (`userSchema` of domain/users).
 * Checked by hand: zod would put its whole library on the first screen of every page.
 */
function isUser(value: unknown): value is User {
  if (typeof value !== "object" || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    Number.isInteger(user.id) &&
    typeof user.name === "string" &&
    typeof user.email === "string" &&
    isTextOrNull(user.phone) &&
    isTextOrNull(user.avatar) &&
    typeof user.created_at === "string"
  );
}

/**
 * The signed-in owner as the browser remembers it (SPEC §3). The session token itself is an
 * httpOnly cookie the page never sees; these keys only tell the dashboard who is signed in and
 * until when, so the route guard can decide without a network round trip.
 */
const KEYS = {
  userId: "NellyUserId",
  user: "nelly.user",
  expiresAt: "nelly.expiresAt",
  clockOffset: "nelly.clockOffsetMs",
} as const;

/**
 * `expiresAt` is the server's word (its clock). `clockOffsetMs` is how far the server's clock ran
 * ahead of this browser's when the session was issued, so the deadline can be read on this
 * browser's clock: a computer whose clock is a few minutes off still warns and signs out on time.
 */
export type StoredSession = { userId: number; user: User; expiresAt: string; clockOffsetMs: number };

const listeners = new Set<() => void>();

// The parsed session is cached by the raw stored strings: reading three strings is cheap enough
// for every render and navigation, and a change made outside this module (another tab, the
// browser's tools) is still seen at once.
let cachedRaw: string | null = null;
let cachedSession: StoredSession | null = null;

function parse(
  userIdRaw: string | null,
  userRaw: string | null,
  expiresAt: string | null,
  offsetRaw: string | null,
): StoredSession | null {
  try {
    const userId = Number(userIdRaw);
    const user: unknown = JSON.parse(userRaw ?? "null");
    if (!Number.isInteger(userId) || userId <= 0 || !expiresAt || !isUser(user)) return null;
    if (user.id !== userId || Number.isNaN(Date.parse(expiresAt))) return null;
    const offset = Number(offsetRaw ?? 0);
    return { userId, user, expiresAt, clockOffsetMs: Number.isFinite(offset) ? offset : 0 };
  } catch {
    return null;
  }
}

function publish() {
  for (const listener of listeners) listener();
}

export function getSession(): StoredSession | null {
  let userId: string | null = null;
  let user: string | null = null;
  let expiresAt: string | null = null;
  let offset: string | null = null;
  try {
    userId = localStorage.getItem(KEYS.userId);
    user = localStorage.getItem(KEYS.user);
    expiresAt = localStorage.getItem(KEYS.expiresAt);
    offset = localStorage.getItem(KEYS.clockOffset);
  } catch {
    return null;
  }
  const raw = JSON.stringify([userId, user, expiresAt, offset]);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parse(userId, user, expiresAt, offset);
  }
  return cachedSession;
}

/** When the session ends, in this browser's clock (ms since the epoch). */
export function sessionDeadline(session: StoredSession): number {
  return Date.parse(session.expiresAt) - session.clockOffsetMs;
}

/** A stored session whose expiry has not passed. */
export function hasLiveSession(now = Date.now()): boolean {
  const session = getSession();
  return session !== null && sessionDeadline(session) > now;
}

/**
 * Remembers a session the server has just issued (sign-in, sign-up, password change).
 * `requestedAt` is this browser's clock when the request left: the server issued the session
 * after that moment, for SESSION_TTL_MS, which tells the two clocks' offset (rounded towards
 * ending early, never late).
 */
export function saveSession(user: User, expiresAt: string, requestedAt = Date.now()) {
  localStorage.setItem(KEYS.userId, String(user.id));
  localStorage.setItem(KEYS.user, JSON.stringify(user));
  localStorage.setItem(KEYS.expiresAt, expiresAt);
  localStorage.setItem(KEYS.clockOffset, String(clockOffset(expiresAt, requestedAt)));
  publish();
}

function clockOffset(expiresAt: string, requestedAt: number): number {
  const offset = Date.parse(expiresAt) - (requestedAt + SESSION_TTL_MS);
  return Number.isFinite(offset) ? Math.round(offset) : 0;
}

/** A new session was issued for the same owner (e.g. after a password change). */
export function renewStoredSession(expiresAt: string, requestedAt: number) {
  localStorage.setItem(KEYS.expiresAt, expiresAt);
  localStorage.setItem(KEYS.clockOffset, String(clockOffset(expiresAt, requestedAt)));
  publish();
}

export function updateStoredUser(user: User) {
  localStorage.setItem(KEYS.user, JSON.stringify(user));
  publish();
}

export function updateStoredExpiry(expiresAt: string) {
  localStorage.setItem(KEYS.expiresAt, expiresAt);
  publish();
}

export function clearSession() {
  for (const key of Object.values(KEYS)) localStorage.removeItem(key);
  publish();
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in, out or updating the profile changes what this tab should show.
window.addEventListener("storage", (event) => {
  if (event.key === null || (Object.values(KEYS) as string[]).includes(event.key)) publish();
});

// Drafts of unsaved forms (web/lib/use-form-draft.ts) belong to the owner signed in.
setDraftScope(() => {
  const session = getSession();
  return session ? String(session.userId) : null;
});

/** The stored session, re-rendering when it changes (e.g. the sidebar after a profile update). */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeToSession, getSession);
}
