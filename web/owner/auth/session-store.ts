import { useSyncExternalStore } from "react";
import { type User, userSchema } from "../../../domain/users";

/**
 * The signed-in owner as the browser remembers it (SPEC §3). The session token itself is an
 * httpOnly cookie the page never sees; these keys only tell the dashboard who is signed in and
 * until when, so the route guard can decide without a network round trip.
 */
const KEYS = { userId: "NellyUserId", user: "nelly.user", expiresAt: "nelly.expiresAt" } as const;

export type StoredSession = { userId: number; user: User; expiresAt: string };

const listeners = new Set<() => void>();

// The parsed session is cached by the raw stored strings: reading three strings is cheap enough
// for every render and navigation, and a change made outside this module (another tab, the
// browser's tools) is still seen at once.
let cachedRaw: string | null = null;
let cachedSession: StoredSession | null = null;

function parse(userIdRaw: string | null, userRaw: string | null, expiresAt: string | null): StoredSession | null {
  try {
    const userId = Number(userIdRaw);
    const parsedUser = userSchema.safeParse(JSON.parse(userRaw ?? "null"));
    if (!Number.isInteger(userId) || userId <= 0 || !expiresAt || !parsedUser.success) return null;
    if (parsedUser.data.id !== userId || Number.isNaN(Date.parse(expiresAt))) return null;
    return { userId, user: parsedUser.data, expiresAt };
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
  try {
    userId = localStorage.getItem(KEYS.userId);
    user = localStorage.getItem(KEYS.user);
    expiresAt = localStorage.getItem(KEYS.expiresAt);
  } catch {
    return null;
  }
  const raw = JSON.stringify([userId, user, expiresAt]);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parse(userId, user, expiresAt);
  }
  return cachedSession;
}

/** A stored session whose expiry has not passed. */
export function hasLiveSession(now = Date.now()): boolean {
  const session = getSession();
  return session !== null && Date.parse(session.expiresAt) > now;
}

export function saveSession(user: User, expiresAt: string) {
  localStorage.setItem(KEYS.userId, String(user.id));
  localStorage.setItem(KEYS.user, JSON.stringify(user));
  localStorage.setItem(KEYS.expiresAt, expiresAt);
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

/** The stored session, re-rendering when it changes (e.g. the sidebar after a profile update). */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeToSession, getSession);
}
