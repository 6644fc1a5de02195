// The login form's checks, fetched when the form first needs them (login-page.tsx): zod and the
// messages its keys name stay off the sign-in screen's first download.
import { loginSchema } from "@domain/users";
import { loadNamespaces } from "@web/i18n/setup";
import type { LoginValues } from "./sign-in";

export type LoginField = keyof LoginValues;
/** Each field's first problem, as a key of the "api" namespace (web/i18n/messages.ts shows it). */
export type LoginProblems = Partial<Record<LoginField, string>>;
export type LoginCheck =
  | { values: LoginValues; problems?: undefined }
  | { values?: undefined; problems: LoginProblems };

/** The same schema the server checks with (domain/users.ts), once its messages are there to show. */
export async function loginChecks(): Promise<(input: LoginValues) => LoginCheck> {
  await loadNamespaces("api");
  return (input) => {
    const result = loginSchema.safeParse(input);
    if (result.success) return { values: result.data };
    const problems: LoginProblems = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if ((field === "email" || field === "password") && !problems[field]) problems[field] = issue.message;
    }
    return { problems };
  };
}
