import { displayMessage } from "@web/i18n/messages";
import { applyFieldErrors, formErrorMessage } from "@web/lib/form-errors";
import { PasswordField } from "@web/ui/password-field";
import { TextField } from "@web/ui/text-field";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { AuthForm } from "./auth-form";
import { FORGOT_PASSWORD_PATH, HOME_PATH } from "./guards";
import type { LoginCheck, LoginField, LoginProblems } from "./login-validation";
import { takeReturnPath } from "./return-path";
import { type LoginValues, login, signInWith } from "./sign-in";

const FIELDS: readonly LoginField[] = ["email", "password"];

type Checks = (input: LoginValues) => LoginCheck;
let checks: Promise<Checks> | undefined;
/**
 * The form's checks (zod, the messages), fetched once: when the owner starts on the form, else on
 * the first submit; a failed fetch (offline) is tried again on the next.
 */
function loadChecks(): Promise<Checks> {
  checks ??= import("./login-validation")
    .then(({ loginChecks }) => loginChecks())
    .catch((error: unknown) => {
      checks = undefined;
      throw error;
    });
  return checks;
}

function valuesOf(form: HTMLFormElement): LoginValues {
  const data = new FormData(form);
  return { email: String(data.get("email") ?? ""), password: String(data.get("password") ?? "") };
}

/**
 * The sign-in form, the dashboard's first screen: two uncontrolled fields checked with the server's
 * schema, without a form or query library, so the screen's first download stays small (issue:
 * sign-in JavaScript). Like the other forms: checked on submit, then again as the owner corrects a
 * field; the first field in trouble takes the focus.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [problems, setProblems] = useState<LoginProblems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const checkCount = useRef(0);

  const focusFirst = (form: HTMLFormElement, found: LoginProblems) => {
    const field = FIELDS.find((name) => found[name]);
    if (field) (form.elements.namedItem(field) as HTMLInputElement | null)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    submitted.current = true;
    checkCount.current += 1;
    setFormError(null);
    setSubmitting(true);
    try {
      const checked = (await loadChecks())(valuesOf(form));
      setProblems(checked.problems ?? {});
      if (checked.problems) {
        focusFirst(form, checked.problems);
        return;
      }
      const session = await signInWith(login, checked.values);
      // Back to the page the owner was on when the session ended (or that they opened signed out).
      navigate(takeReturnPath(session.user_id) ?? HOME_PATH, { replace: true });
    } catch (error) {
      const fromServer: LoginProblems = {};
      const applied = applyFieldErrors<LoginValues>(
        error,
        (field, { message }) => {
          fromServer[field as LoginField] = message;
        },
        FIELDS,
      );
      if (applied) {
        setProblems(fromServer);
        focusFirst(form, fromServer);
      } else setFormError(formErrorMessage(error, t));
    } finally {
      setSubmitting(false);
    }
  };

  // After a submit, a field's message follows what the owner types into it.
  const onChange = async (event: FormEvent<HTMLFormElement>) => {
    const field = (event.target as HTMLInputElement).name as LoginField;
    if (!submitted.current || !FIELDS.includes(field)) return;
    const form = event.currentTarget;
    const count = ++checkCount.current;
    const checked = (await loadChecks().catch(() => undefined))?.(valuesOf(form));
    if (!checked || count !== checkCount.current) return;
    setProblems((shown) => ({ ...shown, [field]: checked.problems?.[field] }));
  };

  return (
    <AuthForm
      title={t("auth.login.title")}
      subtitle={t("auth.login.subtitle")}
      onSubmit={onSubmit}
      onChange={onChange}
      onFocus={() => void loadChecks().catch(() => undefined)}
      formError={formError}
      submitting={submitting}
      submitLabel={t("auth.login.submit")}
      submittingLabel={t("auth.login.submitting")}
      switchPrompt={t("auth.login.noAccount")}
      switchLabel={t("auth.login.createAccount")}
      switchTo="/register"
    >
      <TextField
        label={t("fields.email")}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={displayMessage(t, problems.email)}
      />
      <div className="flex flex-col gap-2">
        <PasswordField
          label={t("fields.password")}
          name="password"
          autoComplete="current-password"
          error={displayMessage(t, problems.password)}
        />
        {/* After ten failed tries the account is locked for a while: this is the way back in (issue 25.20). */}
        <Link
          to={FORGOT_PASSWORD_PATH}
          className="self-end text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {t("auth.login.forgot")}
        </Link>
      </div>
    </AuthForm>
  );
}
