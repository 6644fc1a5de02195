import type { forgotPasswordSchema, resetPasswordSchema, Session } from "@domain/users";
import { queryOptions, useMutation } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";
import type { z } from "zod";
import { signInWith } from "./sign-in";

export type ForgotPasswordValues = z.output<typeof forgotPasswordSchema>;
export type ResetPasswordValues = z.output<typeof resetPasswordSchema>;

// None of these is about a session: a 401 here never ends one.
const requestLink = (values: ForgotPasswordValues) =>
  apiRequest<{ message: string }>("/api/forgot-password", { method: "POST", body: values, endSessionOn401: false });

const checkLink = (token: string) =>
  apiRequest<{ email: string }>("/api/reset-password/check", {
    method: "POST",
    body: { token },
    endSessionOn401: false,
  });

const resetPassword = (values: ResetPasswordValues) =>
  apiRequest<Session>("/api/reset-password", { method: "POST", body: values, endSessionOn401: false });

/** Asks for an emailed link; the answer is the same whether or not the email has an account. */
export function useRequestResetLink() {
  return useMutation({ mutationFn: requestLink });
}

/** Whether the link still works, and for which account (asked once per page). */
export const resetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ["password-reset", token],
    queryFn: () => checkLink(token),
    retry: false,
    staleTime: Infinity,
  });

/** Sets the new password, which also signs this browser in (the session is stored like a login's). */
export function useResetPassword() {
  return useMutation({ mutationFn: (values: ResetPasswordValues) => signInWith(resetPassword, values) });
}
