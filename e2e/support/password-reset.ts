import { emailed, textOf } from "./outbox";

/**
 * The address of the last password-reset link emailed to `email`, as a path of this site
 * (`/reset-password?t=...&lang=..`): the server writes it with its own base address.
 */
export async function emailedResetLink(email: string): Promise<string> {
  const pattern = /https?:\/\/[^\s"<>]+(\/reset-password\?t=[\w-]+&lang=(es|en))/;
  const mail = await emailed(
    (candidate) => candidate.to?.some((to) => to.address === email) === true && pattern.test(textOf(candidate)),
    `the password-reset email to ${email}`,
  );
  return textOf(mail).match(pattern)?.[1] ?? "";
}
