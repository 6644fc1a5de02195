import { type LoaderFunctionArgs, redirect } from "react-router";
import { rememberReturnPath } from "./return-path";
import { clearSession, getSession, hasLiveSession } from "./session-store";

export const HOME_PATH = "/landings";
export const LOGIN_PATH = "/";

/**
 * Loader of every owner route: no live stored session, no page (SPEC §2). The page asked for is
 * remembered, so signing in leads back to it.
 */
export function requireOwner({ request }: LoaderFunctionArgs) {
  if (!hasLiveSession()) {
    const url = new URL(request.url);
    rememberReturnPath(`${url.pathname}${url.search}`, getSession()?.userId ?? null);
    // An expired session is cleared here too, so the login page does not bounce back.
    if (getSession()) clearSession();
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
