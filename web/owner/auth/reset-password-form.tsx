import { resetPasswordSchema } from "@domain/users";
import { zodResolver } from "@hookform/resolvers/zod";
import { applyFieldErrors, formErrorMessage } from "@web/lib/form-errors";
import { notify } from "@web/lib/notify";
import { Alert } from "@web/ui/alert";
import { Button } from "@web/ui/button";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { HOME_PATH } from "./guards";
import { NewPasswordFields } from "./new-password-fields";
import { useResetPassword } from "./password-reset-api";

type ResetPasswordFormProps = { token: string; email: string; onDone: () => void };

/**
 * The new password, twice. Saving it ends every other session of the account and signs this
 * browser in, straight to the dashboard (issue 25.20).
 */
export function ResetPasswordForm({ token, email, onDone }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: "", password_confirmation: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await reset.mutateAsync(values);
      onDone();
      notify.success("password-reset", t("auth.reset.done"));
      navigate(HOME_PATH, { replace: true });
    } catch (error) {
      if (!applyFieldErrors(error, setError, ["password", "password_confirmation"])) {
        setFormError(formErrorMessage(error, t));
      }
    }
  });

  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{t("auth.reset.title")}</h1>
      <p className="mt-2 text-sm text-gray-600 sm:text-base">{t("auth.reset.subtitle")}</p>
      <p className="mt-4 text-sm text-gray-700">
        {t("auth.reset.account")} <span className="font-semibold break-all text-gray-900">{email}</span>
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-8 flex flex-col gap-5">
        {formError && <Alert>{formError}</Alert>}
        {/* Password managers store the new password for the account named here. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordFields
          label={t("fields.newPassword")}
          hint={t("fields.passwordHint")}
          password={register("password")}
          confirmation={register("password_confirmation")}
          errors={{ password: errors.password?.message, password_confirmation: errors.password_confirmation?.message }}
          autoFocus
        />
        <Button type="submit" loading={reset.isPending} className="mt-1 w-full">
          {reset.isPending ? t("auth.reset.submitting") : t("auth.reset.submit")}
        </Button>
      </form>
    </>
  );
}
