import { type LoaderFunctionArgs, redirect } from "react-router";
import { rememberReturnPath } from "./return-path";
import { getSession, hasLiveSession } from "./session-store";

export const HOME_PATH = "/landings";
export const LOGIN_PATH = "/";
/** Account recovery (issue 25.20): open signed in or not, since a link may come from an email. */
export const FORGOT_PASSWORD_PATH = "/forgot-password";
export const RESET_PASSWORD_PATH = "/reset-password";

/**
 * Loader of every owner route: no live stored session, no page (SPEC §2). The page asked for is
 * remembered, so signing in leads back to it. An expired session stays stored (only signing out
 * clears it, which other tabs follow): other tabs may be asking for the password over their pages.
 */
export function requireOwner({ request }: LoaderFunctionArgs) {
  if (!hasLiveSession()) {
    const url = new URL(request.url);
    rememberReturnPath(`${url.pathname}${url.search}`, getSession()?.userId ?? null);
    throw redirect(LOGIN_PATH);
  }
  return null;
}

/** Loader of login and register: a signed-in owner goes straight to the landings list. */
export function guestOnly() {
  if (hasLiveSession()) throw redirect(HOME_PATH);
  return null;
}

/** The session is checked before every navigation, not only when the guarded layout first loads. */
export const alwaysRevalidate = () => true;
