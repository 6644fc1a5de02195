import { SESSION_EXTEND_STEP_MS, SESSION_TTL_MS } from "@domain/limits";
import type { User } from "@domain/users";
import { setDraftScope } from "@web/lib/use-form-draft";
import { useSyncExternalStore } from "react";

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
  absoluteExpiresAt: "nelly.absoluteExpiresAt",
  clockOffset: "nelly.clockOffsetMs",
} as const;

/**
 * `expiresAt` is the server's word (its clock): when the session ends unless the owner does
 * something before (issue 25.3); `absoluteExpiresAt` when it ends whatever they do (null until the
 * server has said). `clockOffsetMs` is how far the server's clock ran ahead of this browser's when
 * the session was issued, so the deadlines can be read on this browser's clock: a computer whose
 * clock is a few minutes off still warns on time.
 */
export type StoredSession = {
  userId: number;
  user: User;
  expiresAt: string;
  absoluteExpiresAt: string | null;
  clockOffsetMs: number;
};

/** A session's two ends as the server answers them (domain/users.ts). */
export type SessionTimes = { expires_at: string; absolute_expires_at: string };

const listeners = new Set<() => void>();

// The parsed session is cached by the raw stored strings: reading three strings is cheap enough
// for every render and navigation, and a change made outside this module (another tab, the
// browser's tools) is still seen at once.
let cachedRaw: string | null = null;
let cachedSession: StoredSession | null = null;

type Raw = Record<keyof typeof KEYS, string | null>;

const isDate = (value: string | null): value is string => value !== null && !Number.isNaN(Date.parse(value));

function parse(raw: Raw): StoredSession | null {
  try {
    const userId = Number(raw.userId);
    const user: unknown = JSON.parse(raw.user ?? "null");
    if (!Number.isInteger(userId) || userId <= 0 || !isDate(raw.expiresAt) || !isUser(user)) return null;
    if (user.id !== userId) return null;
    const offset = Number(raw.clockOffset ?? 0);
    return {
      userId,
      user,
      expiresAt: raw.expiresAt,
      absoluteExpiresAt: isDate(raw.absoluteExpiresAt) ? raw.absoluteExpiresAt : null,
      clockOffsetMs: Number.isFinite(offset) ? offset : 0,
    };
  } catch {
    return null;
  }
}

function publish() {
  for (const listener of listeners) listener();
}

export function getSession(): StoredSession | null {
  let raw: Raw;
  try {
    raw = {
      userId: localStorage.getItem(KEYS.userId),
      user: localStorage.getItem(KEYS.user),
      expiresAt: localStorage.getItem(KEYS.expiresAt),
      absoluteExpiresAt: localStorage.getItem(KEYS.absoluteExpiresAt),
      clockOffset: localStorage.getItem(KEYS.clockOffset),
    };
  } catch {
    return null;
  }
  const key = JSON.stringify(raw);
  if (key !== cachedRaw) {
    cachedRaw = key;
    cachedSession = parse(raw);
  }
  return cachedSession;
}

/** When the session ends unless the owner does something, in this browser's clock (ms since the epoch). */
export function sessionDeadline(session: StoredSession): number {
  return Date.parse(session.expiresAt) - session.clockOffsetMs;
}

/** When the session ends whatever the owner does, in this browser's clock (Infinity until known). */
export function absoluteDeadline(session: StoredSession): number {
  return session.absoluteExpiresAt === null
    ? Number.POSITIVE_INFINITY
    : Date.parse(session.absoluteExpiresAt) - session.clockOffsetMs;
}

/** How long before the end of the session the owner is warned (SessionExpiryDialog). */
export const EXPIRY_WARNING_MS = 5 * 60 * 1000;

/** Whether activity can still move the end: false once it is the absolute end (or within a step of it). */
export function canExtend(session: StoredSession): boolean {
  return absoluteDeadline(session) - sessionDeadline(session) >= SESSION_EXTEND_STEP_MS;
}

/** Whether the warning of an hour without activity is up: one click on it keeps the session open. */
export function idleWarningIsUp(session: StoredSession, now = Date.now()): boolean {
  return canExtend(session) && sessionDeadline(session) - now <= EXPIRY_WARNING_MS;
}

/** A stored session whose expiry has not passed. */
export function hasLiveSession(now = Date.now()): boolean {
  const session = getSession();
  return session !== null && sessionDeadline(session) > now;
}

/**
 * Remembers a session the server has just issued (sign-in, sign-up, password change or reset).
 * `requestedAt` is this browser's clock when the request left: the server issued the session
 * after that moment, for SESSION_TTL_MS, which tells the two clocks' offset (rounded towards
 * ending early, never late).
 */
export function saveSession(user: User, times: SessionTimes, requestedAt = Date.now()) {
  localStorage.setItem(KEYS.userId, String(user.id));
  localStorage.setItem(KEYS.user, JSON.stringify(user));
  writeIssuedTimes(times, requestedAt);
}

function writeIssuedTimes(times: SessionTimes, requestedAt: number) {
  const offset = Date.parse(times.expires_at) - (requestedAt + SESSION_TTL_MS);
  localStorage.setItem(KEYS.clockOffset, String(Number.isFinite(offset) ? Math.round(offset) : 0));
  localStorage.setItem(KEYS.absoluteExpiresAt, times.absolute_expires_at);
  // Last: other tabs take a new end of the session as "signed in again" (session-expiry-dialog.tsx).
  localStorage.setItem(KEYS.expiresAt, times.expires_at);
  publish();
}

/** A new session was issued for the same owner (e.g. after a password change). */
export function renewStoredSession(times: SessionTimes, requestedAt: number) {
  writeIssuedTimes(times, requestedAt);
}

export function updateStoredUser(user: User) {
  localStorage.setItem(KEYS.user, JSON.stringify(user));
  publish();
}

/**
 * What a session check learnt: the server's ends (the absolute one is fixed; the other only ever
 * moves later: an answer to a check sent before signing in again describes the old session), and,
 * when the owner was at work as the check left at `workedAt` (this browser's clock), that the
 * server has moved the end to at least a step short of an hour after it (server/auth/sessions.ts).
 */
export function recordSessionCheck(times: SessionTimes, workedAt: number | null) {
  const session = getSession();
  if (!session) return;
  const offset = session.clockOffsetMs;
  const absolute = Date.parse(times.absolute_expires_at);
  let end = Date.parse(times.expires_at);
  if (workedAt !== null)
    end = Math.max(end, Math.min(workedAt + offset + SESSION_TTL_MS - SESSION_EXTEND_STEP_MS, absolute));
  if (times.absolute_expires_at !== session.absoluteExpiresAt)
    localStorage.setItem(KEYS.absoluteExpiresAt, times.absolute_expires_at);
  if (end > Date.parse(session.expiresAt)) localStorage.setItem(KEYS.expiresAt, new Date(end).toISOString());
  publish();
}

/** Only signing out clears the stored session: that is how other tabs know to follow (below). */
export function clearSession() {
  for (const key of Object.values(KEYS)) localStorage.removeItem(key);
  publish();
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The session whose end the server refused (a 401): its `expiresAt` as stored. A new session, or
 * the same one extended (here or in another tab), stores another end and so is not ended.
 */
let endedExpiresAt: string | null = null;

/** Any call answered 401: the server no longer honours this session (it ended or was ended). */
export function markSessionEnded() {
  const session = getSession();
  if (!session || endedExpiresAt === session.expiresAt) return;
  endedExpiresAt = session.expiresAt;
  publish();
}

/** Whether the session has ended: its end has passed on this browser's clock, or the server refused it. */
export function sessionHasEnded(session: StoredSession, now = Date.now()): boolean {
  return session.expiresAt === endedExpiresAt || sessionDeadline(session) <= now;
}

/** The stored end the server refused (compare with the session's `expiresAt`), re-rendering when marked. */
export function useRefusedEnd(): string | null {
  return useSyncExternalStore(subscribeToSession, () => endedExpiresAt);
}

const signedOutElsewhere = new Set<() => void>();

/**
 * Calls `listener` when another tab signs out (or signs another owner in): this tab is then
 * showing data that is no longer its to show (issue 25.9). Called before the tab re-renders
 * without a session, so the listener can cover the page first.
 */
export function onSignedOutElsewhere(listener: () => void): () => void {
  signedOutElsewhere.add(listener);
  return () => signedOutElsewhere.delete(listener);
}

// Another tab signing in, out, renewing or updating the profile changes what this tab should show.
window.addEventListener("storage", (event) => {
  if (event.key !== null && !(Object.values(KEYS) as string[]).includes(event.key)) return;
  // Before this event, as this tab last read it.
  const hadSession = cachedSession !== null;
  const ownerChanged =
    (event.key === null && hadSession) ||
    (event.key === KEYS.userId && event.oldValue !== null && event.newValue !== event.oldValue);
  if (ownerChanged) for (const listener of signedOutElsewhere) listener();
  publish();
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
