import { displayMessage } from "@web/i18n/messages";
import { PasswordField } from "@web/ui/password-field";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";

type NewPasswordFieldsProps = {
  /** The new password's label ("Contraseña", "Nueva contraseña") and the sentence under it. */
  label: string;
  hint: string;
  password: UseFormRegisterReturn<"password">;
  confirmation: UseFormRegisterReturn<"password_confirmation">;
  /** The fields' error keys or messages, as the form's resolver or the server gave them. */
  errors: { password?: string; password_confirmation?: string };
  autoFocus?: boolean;
};

/**
 * A new password and its confirmation, as signing up, resetting a password and the settings ask
 * for them: both hidden behind their show buttons, the browser told they are new (so it offers to
 * suggest and save one), each with its error under it.
 */
export function NewPasswordFields({ label, hint, password, confirmation, errors, autoFocus }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        hint={hint}
        error={displayMessage(t, errors.password)}
        autoFocus={autoFocus}
        {...password}
      />
      <PasswordField
        label={t("fields.passwordConfirmation")}
        autoComplete="new-password"
        error={displayMessage(t, errors.password_confirmation)}
        {...confirmation}
      />
    </>
  );
}
