import type { registerSchema, Session, User } from "@domain/users";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { currentLanguage } from "@web/i18n/setup";
import { ApiError, apiRequest } from "@web/lib/api";
import type { z } from "zod";
import { ownerIsActive } from "./activity";
import { keepLanguageInStep } from "./owner-language";
import { getSession, recordSessionCheck, type SessionTimes, sessionHasEnded } from "./session-store";
import { type LoginValues, login, signInWith } from "./sign-in";

export type RegisterValues = z.output<typeof registerSchema>;
export type CurrentSession = { user_id: number; user: User } & SessionTimes;

// A 401 or 422 from these calls is about the credentials typed, not about an existing session.
/** The account starts in the language the owner signed up in: the dashboard's and their emails'. */
export const register = (values: RegisterValues) =>
  apiRequest<Session>("/api/register-nelly", {
    method: "POST",
    body: { ...values, language: currentLanguage() },
    endSessionOn401: false,
  });

export const logout = () =>
  apiRequest<{ message: string }>("/api/nelly-logout", { method: "POST", endSessionOn401: false });

/** When this tab last asked the server while the owner was at work (this browser's clock). */
let lastWorkingCheckAt = Number.NEGATIVE_INFINITY;
export const msSinceWorkingCheck = (now = Date.now()) => now - lastWorkingCheckAt;

/**
 * Asks the server about the session and remembers its answer. When the owner was at work, the
 * call itself moved the end of the session (issue 25.3: the API client leaves the idle header
 * off), which the stored end then says at once.
 */
export async function fetchCurrentSession(): Promise<CurrentSession> {
  const startedAt = Date.now();
  const stored = getSession();
  // Typing a password over an ended session is not work that keeps it open.
  const working = ownerIsActive(startedAt) && stored !== null && !sessionHasEnded(stored, startedAt);
  if (working) lastWorkingCheckAt = startedAt;
  const session = await apiRequest<CurrentSession>("/api/session", { idle: !working });
  recordSessionCheck(session, working ? startedAt : null);
  // On every answer, not only one that differs from the last (an idle check's answers are alike):
  // a switch the account missed is sent again however long the dashboard sits untouched. Before
  // the stored user takes the answer: what this browser knew of the account's language counts.
  if (stored?.userId === session.user_id) keepLanguageInStep(stored.user, session.user);
  return session;
}

export const currentSessionQuery = () =>
  queryOptions({ queryKey: ["session"], queryFn: fetchCurrentSession, retry: false, staleTime: 0 });

export function useRegister() {
  return useMutation({ mutationFn: (values: RegisterValues) => signInWith(register, values) });
}

/** Calls that failed because the session had ended: they are asked again once it is back. */
const failedUnsignedIn = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * Signs the same owner in again from inside the dashboard (the expiry dialogs): a new session
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
        absolute_expires_at: session.absolute_expires_at,
      });
    },
  });
}

/** After the session came back (here or in another tab): what failed without it is asked again. */
export function refetchFailedUnsignedIn(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.refetchQueries({ predicate: (query) => failedUnsignedIn(query.state.error) });
}

/**
 * Whether a save was refused while the session was over, forgotten once told: a write is never sent
 * again on its own (a booking or a payment twice), so the owner is told to save it again (a walk's
 * finding: "Listo: tu sesión sigue abierta" over a vehicle whose new price was never saved).
 */
export function takeWritesRefusedUnsignedIn(queryClient: ReturnType<typeof useQueryClient>): boolean {
  const mutations = queryClient.getMutationCache();
  const refused = mutations.getAll().filter((mutation) => failedUnsignedIn(mutation.state.error));
  for (const mutation of refused) mutations.remove(mutation);
  return refused.length > 0;
}
