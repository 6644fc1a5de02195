import type { User, userUpdateSchema } from "@domain/users";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";
import type { z } from "zod";
import { renewStoredSession, type SessionTimes, updateStoredUser } from "../auth";

export type ProfileValues = z.output<typeof userUpdateSchema>;

type UpdateUserResponse = {
  message: string;
  user: User;
  /** Non-null when the password changed: the server ended every session and opened a new one. */
  session: ({ token: string } & SessionTimes) | null;
};

export const fetchUser = (userId: number) => apiRequest<User>(`/api/users/${userId}`);

export const userQuery = (userId: number) =>
  queryOptions({ queryKey: ["users", userId], queryFn: () => fetchUser(userId) });

/** What happens to the profile photo on save. */
export type AvatarChange = { kind: "keep" } | { kind: "replace"; file: File } | { kind: "remove" };

export function updateUser(userId: number, values: ProfileValues, avatar: AvatarChange) {
  const form = new FormData();
  form.append("name", values.name);
  form.append("email", values.email);
  form.append("phone", values.phone);
  // An empty password means "keep the current one" (domain/users.ts).
  form.append("password", values.password);
  form.append("password_confirmation", values.password_confirmation);
  // Needed (and only sent) when the password or the email changes.
  if (values.current_password) form.append("current_password", values.current_password);
  if (avatar.kind === "replace") form.append("avatar", avatar.file);
  if (avatar.kind === "remove") form.append("remove_avatar", "1");
  // The profile as the form read it: saved meanwhile in another tab, the server refuses (409).
  if (values.updated_at) form.append("updated_at", values.updated_at);
  return apiRequest<UpdateUserResponse>(`/api/users-update/${userId}`, { method: "POST", body: form });
}

export function useUpdateUser(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, avatar }: { values: ProfileValues; avatar: AvatarChange }) => {
      const requestedAt = Date.now();
      return { ...(await updateUser(userId, values, avatar)), requestedAt };
    },
    onSuccess: ({ user, session, requestedAt }) => {
      queryClient.setQueryData(userQuery(userId).queryKey, user);
      // The sidebar reads the stored user, so the new name and photo show at once.
      updateStoredUser(user);
      if (session) renewStoredSession(session, requestedAt);
    },
  });
}
