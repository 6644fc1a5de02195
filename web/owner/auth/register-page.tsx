import { registerSchema } from "@domain/users";
import { zodResolver } from "@hookform/resolvers/zod";
import { displayMessage } from "@web/i18n/messages";
import { applyFieldErrors, formErrorMessage } from "@web/lib/form-errors";
import { TextField } from "@web/ui/text-field";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useRegister } from "./api";
import { AuthForm } from "./auth-form";
import { HOME_PATH, LOGIN_PATH } from "./guards";
import { NewPasswordFields } from "./new-password-fields";
import { takeReturnPath } from "./return-path";

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
      const session = await signUp.mutateAsync(values);
      // An owner page opened before signing up (a link someone shared) opens now.
      navigate(takeReturnPath(session.user_id) ?? HOME_PATH, { replace: true });
    } catch (error) {
      if (!applyFieldErrors(error, setError, FIELDS)) setFormError(formErrorMessage(error, t));
    }
  });

  return (
    <AuthForm
      title={t("auth.register.title")}
      subtitle={t("auth.register.subtitle")}
      onSubmit={onSubmit}
      formError={formError}
      submitting={signUp.isPending}
      submitLabel={t("auth.register.submit")}
      submittingLabel={t("auth.register.submitting")}
      switchPrompt={t("auth.register.haveAccount")}
      switchLabel={t("auth.register.signIn")}
      switchTo={LOGIN_PATH}
    >
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
      <NewPasswordFields
        label={t("fields.password")}
        hint={t("fields.passwordHint")}
        password={register("password")}
        confirmation={register("password_confirmation")}
        errors={{ password: errors.password?.message, password_confirmation: errors.password_confirmation?.message }}
      />
    </AuthForm>
  );
}
