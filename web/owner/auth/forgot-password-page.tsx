import { forgotPasswordSchema } from "@domain/users";
import { zodResolver } from "@hookform/resolvers/zod";
import { displayMessage } from "@web/i18n/messages";
import { applyFieldErrors, formErrorMessage } from "@web/lib/form-errors";
import { Button } from "@web/ui/button";
import { ButtonLink } from "@web/ui/button-link";
import { TextField } from "@web/ui/text-field";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { AuthForm } from "./auth-form";
import { AuthNotice } from "./auth-notice";
import { LOGIN_PATH } from "./guards";
import { useRequestResetLink } from "./password-reset-api";

type Sent = { email: string; message: string };

/**
 * /forgot-password (issue 25.20): the owner gives their email and is told to look at their inbox.
 * The page says the same whatever the email (the server's sentence), so it tells nobody which
 * emails have an account.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestResetLink();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { message } = await request.mutateAsync(values);
      setSent({ email: values.email, message });
    } catch (error) {
      if (!applyFieldErrors(error, setError, ["email"])) setFormError(formErrorMessage(error, t));
    }
  });

  if (sent) return <LinkSent sent={sent} onAgain={() => setSent(null)} />;
  return (
    <AuthForm
      title={t("auth.forgot.title")}
      subtitle={t("auth.forgot.subtitle")}
      onSubmit={onSubmit}
      formError={formError}
      submitting={request.isPending}
      submitLabel={t("auth.forgot.submit")}
      submittingLabel={t("auth.forgot.submitting")}
      switchPrompt={t("auth.forgot.remembered")}
      switchLabel={t("auth.forgot.signIn")}
      switchTo={LOGIN_PATH}
    >
      <TextField
        label={t("fields.email")}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={displayMessage(t, errors.email?.message)}
        {...register("email")}
      />
    </AuthForm>
  );
}

/** "Check your email", with the server's sentence, and a way to send another link or sign in. */
function LinkSent({ sent, onAgain }: { sent: Sent; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <AuthNotice
      icon={MailCheck}
      tone="brand"
      title={t("auth.forgot.sentTitle")}
      actions={
        <>
          <Button variant="secondary" onClick={onAgain} className="w-full">
            {t("auth.forgot.again")}
          </Button>
          <ButtonLink to={LOGIN_PATH} variant="ghost" className="w-full">
            {t("auth.forgot.signIn")}
          </ButtonLink>
        </>
      }
    >
      <p>{sent.message}</p>
      <p className="mt-4 text-gray-700">
        {t("auth.forgot.sentTo")} <span className="font-semibold break-all text-gray-900">{sent.email}</span>
      </p>
    </AuthNotice>
  );
}
