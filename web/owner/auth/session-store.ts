import { useSyncExternalStore } from "react";
import { type User, userSchema } from "../../../domain/users";

/**
 * The signed-in owner as the browser remembers it (SPEC §3). The session token itself is an
 * httpOnly cookie the page never sees; these keys only tell the dashboard who is signed in and
 * until when, so the route guard can decide without a network round trip.
 */
const KEYS = { userId: "NellyUserId", user: "nelly.user", expiresAt: "nelly.expiresAt" } as const;

export type StoredSession = { userId: number; user: User; expiresAt: string };

let snapshot: StoredSession | null | undefined;
const listeners = new Set<() => void>();

function readStorage(): StoredSession | null {
  try {
    const userId = Number(localStorage.getItem(KEYS.userId));
    const expiresAt = localStorage.getItem(KEYS.expiresAt);
    const parsedUser = userSchema.safeParse(JSON.parse(localStorage.getItem(KEYS.user) ?? "null"));
    if (!Number.isInteger(userId) || userId <= 0 || !expiresAt || !parsedUser.success) return null;
    if (parsedUser.data.id !== userId) return null;
    return { userId, user: parsedUser.data, expiresAt };
  } catch {
    return null;
  }
}

function publish() {
  snapshot = undefined;
  for (const listener of listeners) listener();
}

export function getSession(): StoredSession | null {
  if (snapshot === undefined) snapshot = readStorage();
  return snapshot;
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
