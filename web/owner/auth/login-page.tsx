import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { loginSchema } from "../../../domain/users";
import { displayMessage } from "../../i18n/messages";
import { applyFieldErrors, formErrorMessage } from "../../lib/form-errors";
import { Alert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { PasswordField } from "../../ui/password-field";
import { TextField } from "../../ui/text-field";
import { useLogin } from "./api";
import { HOME_PATH } from "./guards";

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
      await login.mutateAsync(values);
      navigate(HOME_PATH, { replace: true });
    } catch (error) {
      if (!applyFieldErrors(error, setError, ["email", "password"])) setFormError(formErrorMessage(error, t));
    }
  });

  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{t("auth.login.title")}</h1>
      <p className="mt-2 text-sm text-gray-600 sm:text-base">{t("auth.login.subtitle")}</p>
      <form onSubmit={onSubmit} noValidate className="mt-8 flex flex-col gap-5">
        {formError && <Alert>{formError}</Alert>}
        <TextField
          label={t("fields.email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={displayMessage(t, errors.email?.message)}
          {...register("email")}
        />
        <PasswordField
          label={t("fields.password")}
          autoComplete="current-password"
          error={displayMessage(t, errors.password?.message)}
          {...register("password")}
        />
        <Button type="submit" loading={login.isPending} className="mt-1 w-full">
          {login.isPending ? t("auth.login.submitting") : t("auth.login.submit")}
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-gray-600">
        {t("auth.login.noAccount")}{" "}
        <Link to="/register" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {t("auth.login.createAccount")}
        </Link>
      </p>
    </>
  );
}
