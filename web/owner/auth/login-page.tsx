import { loginSchema } from "@domain/users";
import { zodResolver } from "@hookform/resolvers/zod";
import { displayMessage } from "@web/i18n/messages";
import { applyFieldErrors, formErrorMessage } from "@web/lib/form-errors";
import { PasswordField } from "@web/ui/password-field";
import { TextField } from "@web/ui/text-field";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useLogin } from "./api";
import { AuthForm } from "./auth-form";
import { FORGOT_PASSWORD_PATH, HOME_PATH } from "./guards";
import { takeReturnPath } from "./return-path";

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const session = await login.mutateAsync(values);
      // Back to the page the owner was on when the session ended (or that they opened signed out).
      navigate(takeReturnPath(session.user_id) ?? HOME_PATH, { replace: true });
    } catch (error) {
      if (!applyFieldErrors(error, setError, ["email", "password"])) setFormError(formErrorMessage(error, t));
    }
  });

  return (
    <AuthForm
      title={t("auth.login.title")}
      subtitle={t("auth.login.subtitle")}
      onSubmit={onSubmit}
      formError={formError}
      submitting={login.isPending}
      submitLabel={t("auth.login.submit")}
      submittingLabel={t("auth.login.submitting")}
      switchPrompt={t("auth.login.noAccount")}
      switchLabel={t("auth.login.createAccount")}
      switchTo="/register"
    >
      <TextField
        label={t("fields.email")}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={displayMessage(t, errors.email?.message)}
        {...register("email")}
      />
      <div className="flex flex-col gap-2">
        <PasswordField
          label={t("fields.password")}
          autoComplete="current-password"
          error={displayMessage(t, errors.password?.message)}
          {...register("password")}
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
