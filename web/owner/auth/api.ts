import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { loginSchema, registerSchema, Session, User } from "../../../domain/users";
import { apiRequest } from "../../lib/api";
import { clearDrafts } from "../../lib/use-form-draft";
import { saveSession } from "./session-store";

export type LoginValues = z.output<typeof loginSchema>;
export type RegisterValues = z.output<typeof registerSchema>;
export type CurrentSession = { user_id: number; user: User; expires_at: string };

// A 401 or 422 from these calls is about the credentials typed, not about an existing session.
export const login = (values: LoginValues) =>
  apiRequest<Session>("/api/login-nelly", { method: "POST", body: values, endSessionOn401: false });

export const register = (values: RegisterValues) =>
  apiRequest<Session>("/api/register-nelly", { method: "POST", body: values, endSessionOn401: false });

export const logout = () =>
  apiRequest<{ message: string }>("/api/nelly-logout", { method: "POST", endSessionOn401: false });

export const fetchCurrentSession = () => apiRequest<CurrentSession>("/api/session");

export const currentSessionQuery = () =>
  queryOptions({ queryKey: ["session"], queryFn: fetchCurrentSession, retry: false, staleTime: 0 });

/**
 * Calls `request` and remembers the session it opens, with the moment the request left (the
 * session store reads the server's expiry on this browser's clock from it). Drafts of another
 * owner who used this tab before are forgotten.
 */
async function signInWith<V>(request: (values: V) => Promise<Session>, values: V): Promise<Session> {
  const requestedAt = Date.now();
  const session = await request(values);
  saveSession(session.user, session.expires_at, requestedAt);
  clearDrafts(String(session.user_id));
  return session;
}

export function useLogin() {
  return useMutation({ mutationFn: (values: LoginValues) => signInWith(login, values) });
}

export function useRegister() {
  return useMutation({ mutationFn: (values: RegisterValues) => signInWith(register, values) });
}

/**
 * Signs the same owner in again from inside the dashboard (the expiry warning): a new session
 * cookie, nothing on the page reloaded, so whatever the owner typed stays where it is.
 */
export function useRenewSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: LoginValues) => {
      // A session check already on its way would answer for the old session.
      await queryClient.cancelQueries({ queryKey: currentSessionQuery().queryKey });
      return signInWith(login, values);
    },
    onSuccess: (session) => {
      queryClient.setQueryData(currentSessionQuery().queryKey, {
        user_id: session.user_id,
        user: session.user,
        expires_at: session.expires_at,
      });
    },
  });
}
