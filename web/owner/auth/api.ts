import { queryOptions, useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { loginSchema, registerSchema, Session, User } from "../../../domain/users";
import { apiRequest } from "../../lib/api";
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

const remember = (session: Session) => saveSession(session.user, session.expires_at);

export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: remember });
}

export function useRegister() {
  return useMutation({ mutationFn: register, onSuccess: remember });
}
