/**
 * The page to go back to after signing in: remembered when the session ends (or a signed-out
 * visitor opens an owner page) and taken once by the next sign-in. It lives in sessionStorage,
 * so it belongs to this tab and survives the trip through the login page and a reload; it is
 * never read from the address bar, and only a same-origin owner path is ever followed.
 */
const KEY = "nelly.returnTo";

/** Paths that are no place to return to: the login and sign-up pages themselves. */
const NOT_A_DESTINATION = new Set(["/", "/register"]);

/** `value` as a same-origin path ("/view-landing/3?tab=seo"), or null when it is anything else. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2000) return null;
  // "//evil.example" and "/\evil.example" are other hosts to a browser.
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  if (NOT_A_DESTINATION.has(url.pathname) || url.pathname.startsWith("/api/")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

type Stored = { path: string; userId: number | null };

/** Remembers `path` for the next sign-in; `userId` is whose page it was, when known. */
export function rememberReturnPath(path: string, userId: number | null) {
  const safe = safeReturnPath(path);
  if (!safe) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path: safe, userId } satisfies Stored));
  } catch {
    // No storage: the owner lands on the landings list instead.
  }
}

export function forgetReturnPath() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

/**
 * The remembered page for the owner who just signed in, forgotten once read. A page remembered
 * from another owner's session is not theirs to open.
 */
export function takeReturnPath(userId: number): string | null {
  let stored: Partial<Stored> | null = null;
  try {
    stored = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Partial<Stored> | null;
  } catch {
    stored = null;
  }
  forgetReturnPath();
  if (!stored || typeof stored !== "object") return null;
  if (stored.userId !== null && stored.userId !== undefined && stored.userId !== userId) return null;
  return safeReturnPath(stored.path);
}
