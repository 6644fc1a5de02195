// Signing in, without the query library: the sign-in screen calls these directly (login-page.tsx),
// so its first download carries no more than the form.
import type { loginSchema, Session } from "@domain/users";
import { apiRequest } from "@web/lib/api";
import { clearDrafts } from "@web/lib/use-form-draft";
import type { z } from "zod";
import { settleLanguageOnSignIn } from "./owner-language";
import { saveSession } from "./session-store";

export type LoginValues = z.output<typeof loginSchema>;

// A 401 or 422 is about the credentials typed, not about an existing session.
export const login = (values: LoginValues) =>
  apiRequest<Session>("/api/login-nelly", { method: "POST", body: values, endSessionOn401: false });

/**
 * Calls `request` and remembers the session it opens, with the moment the request left (the
 * session store reads the server's expiry on this browser's clock from it). Drafts of another
 * owner who used this tab before are forgotten.
 */
export async function signInWith<V>(request: (values: V) => Promise<Session>, values: V): Promise<Session> {
  const requestedAt = Date.now();
  const session = await request(values);
  saveSession(session.user, session, requestedAt);
  clearDrafts(String(session.user_id));
  await settleLanguageOnSignIn(session.user);
  return session;
}
