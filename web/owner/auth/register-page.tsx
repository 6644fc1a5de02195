import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { registerSchema } from "../../../domain/users";
import { displayMessage } from "../../i18n/messages";
import { applyFieldErrors, formErrorMessage } from "../../lib/form-errors";
import { Alert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { PasswordField } from "../../ui/password-field";
import { TextField } from "../../ui/text-field";
import { useRegister } from "./api";
import { HOME_PATH, LOGIN_PATH } from "./guards";

const FIELDS = ["name", "email", "password", "password_confirmation"] as const;

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signUp = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: "", email: "", password: "", password_confirmation: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signUp.mutateAsync(values);
      navigate(HOME_PATH, { replace: true });
    } catch (error) {
      if (!applyFieldErrors(error, setError, FIELDS)) setFormError(formErrorMessage(error, t));
    }
  });

  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{t("auth.register.title")}</h1>
      <p className="mt-2 text-sm text-gray-600 sm:text-base">{t("auth.register.subtitle")}</p>
      <form onSubmit={onSubmit} noValidate className="mt-8 flex flex-col gap-5">
        {formError && <Alert>{formError}</Alert>}
        <TextField
          label={t("fields.name")}
          autoComplete="name"
          hint={t("auth.register.nameHint")}
          error={displayMessage(t, errors.name?.message)}
          {...register("name")}
        />
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
          autoComplete="new-password"
          hint={t("fields.passwordHint")}
          error={displayMessage(t, errors.password?.message)}
          {...register("password")}
        />
        <PasswordField
          label={t("fields.passwordConfirmation")}
          autoComplete="new-password"
          error={displayMessage(t, errors.password_confirmation?.message)}
          {...register("password_confirmation")}
        />
        <Button type="submit" loading={signUp.isPending} className="mt-1 w-full">
          {signUp.isPending ? t("auth.register.submitting") : t("auth.register.submit")}
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-gray-600">
        {t("auth.register.haveAccount")}{" "}
        <Link to={LOGIN_PATH} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {t("auth.register.signIn")}
        </Link>
      </p>
    </>
  );
}
