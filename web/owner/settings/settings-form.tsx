import type { User } from "@domain/users";
import { userUpdateSchema } from "@domain/users";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { displayMessage } from "@web/i18n/messages";
import { ApiError } from "@web/lib/api";
import { applyFieldErrors } from "@web/lib/form-errors";
import { notify } from "@web/lib/notify";
import { useFormDraft } from "@web/lib/use-form-draft";
import { useLeaveGuard } from "@web/lib/use-leave-guard";
import { Button } from "@web/ui/button";
import { DraftRestoredStatus } from "@web/ui/draft-restored-status";
import { FormActions, FormSection } from "@web/ui/form-section";
import { PasswordField } from "@web/ui/password-field";
import { TextField } from "@web/ui/text-field";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { NewPasswordFields } from "../auth";
import { userQuery, useUpdateUser } from "./api";
import { AvatarField } from "./avatar-field";
import { useAvatarDraft } from "./use-avatar-draft";

const FIELDS = ["name", "email", "phone", "password", "password_confirmation", "current_password"] as const;
/** Passwords never go into the draft kept in sessionStorage. */
const SECRET_FIELDS = ["password", "password_confirmation", "current_password"] as const;
const SAVE_ACTION = "settings-save";

const formValues = (user: User) => ({
  name: user.name,
  email: user.email,
  phone: user.phone ?? "",
  password: "",
  password_confirmation: "",
  current_password: "",
});

/** A new password or another email needs the current password (so a stolen session cannot take the account). */
const changesCredentials = (user: User, email: string, password: string) =>
  password !== "" || email.trim().toLowerCase() !== user.email.toLowerCase();

export function SettingsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateUser(user.id);
  const queryClient = useQueryClient();
  const avatarDraft = useAvatarDraft();
  const avatar = avatarDraft.change;
  const [avatarError, setAvatarError] = useState<string | undefined>();
  const form = useForm({ resolver: zodResolver(userUpdateSchema), defaultValues: formValues(user) });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isDirty },
  } = form;
  // What was typed and the photo chosen survive a reload or the session ending; passwords never.
  const draft = useFormDraft("settings", form, { exclude: SECRET_FIELDS });
  const changed = isDirty || avatar.kind !== "keep";
  const forgetDrafts = () => {
    draft.clear();
    avatarDraft.clear();
  };
  const leave = useLeaveGuard(changed, { onLeave: forgetDrafts });
  const needsCurrentPassword = changesCredentials(user, watch("email") ?? "", watch("password") ?? "");

  const onSubmit = handleSubmit(async (values) => {
    // Nothing typed or chosen (a photo refused on choosing leaves the current one): said, never
    // "updated" beside the photo's error (a stranger's walk).
    if (!changed) {
      notify.info(SAVE_ACTION, t("settings.toast.nothing"));
      return;
    }
    setAvatarError(undefined);
    if (needsCurrentPassword && !values.current_password) {
      setError("current_password", { type: "required", message: "required" }, { shouldFocus: true });
      return;
    }
    try {
      const { user: saved } = await update.mutateAsync({
        values: {
          ...values,
          current_password: needsCurrentPassword ? values.current_password : "",
          updated_at: user.updated_at,
        },
        avatar,
      });
      leave.release();
      reset(formValues(saved));
      forgetDrafts();
      notify.success(SAVE_ACTION, t("settings.toast.success"));
    } catch (error) {
      // A field's problem is told under the field; a toast only says what no field explains.
      const underFields = applyFieldErrors(error, setError, FIELDS);
      const avatarMessage = error instanceof ApiError ? error.fieldMessage("avatar") : undefined;
      if (avatarMessage) setAvatarError(avatarMessage);
      if (underFields || avatarMessage) {
        notify.dismiss(SAVE_ACTION);
        return;
      }
      // Too many wrong current passwords: said where the password is typed.
      if (error instanceof ApiError && error.status === 429 && needsCurrentPassword) {
        setError("current_password", { type: "server", message: error.message }, { shouldFocus: true });
        notify.dismiss(SAVE_ACTION);
        return;
      }
      // Saved meanwhile in another tab: the profile as it is now is read, so "Descartar cambios"
      // shows it; what was typed stays until then.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: userQuery(user.id).queryKey });
      }
      // SPEC §8: the server's own words when it said something specific, and that it could not be
      // reached when it was not (offline: "check your connection"), else the generic sentence.
      const specific =
        error instanceof ApiError &&
        (error.status === 0 || error.status === 409 || error.status === 422 || error.status === 429);
      notify.error(SAVE_ACTION, specific ? error.message : t("settings.toast.error"));
    }
  });

  const discard = () => {
    reset(formValues(user));
    forgetDrafts();
    setAvatarError(undefined);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      {(draft.restored || avatarDraft.restored) && changed && (
        <DraftRestoredStatus>{t("settings.draftRestored")}</DraftRestoredStatus>
      )}
      <FormSection title={t("settings.profile.title")} description={t("settings.profile.description")}>
        <AvatarField
          name={watch("name") || user.name}
          currentUrl={user.avatar}
          change={avatar}
          onChange={(next) => {
            avatarDraft.set(next);
            setAvatarError(undefined);
          }}
          serverError={avatarError}
        />
        <TextField
          label={t("fields.name")}
          autoComplete="name"
          error={displayMessage(t, errors.name?.message)}
          {...register("name")}
        />
        <TextField
          label={t("fields.email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          hint={t("settings.profile.emailHint")}
          error={displayMessage(t, errors.email?.message)}
          {...register("email")}
        />
        <TextField
          label={t("fields.phone")}
          type="tel"
          autoComplete="tel"
          hint={t("settings.profile.phoneHint")}
          error={displayMessage(t, errors.phone?.message)}
          {...register("phone")}
        />
      </FormSection>

      <FormSection title={t("settings.password.title")} description={t("settings.password.description")}>
        <NewPasswordFields
          label={t("settings.password.new")}
          hint={t("settings.password.hint")}
          password={register("password")}
          confirmation={register("password_confirmation")}
          errors={{ password: errors.password?.message, password_confirmation: errors.password_confirmation?.message }}
        />
      </FormSection>

      {needsCurrentPassword && (
        <FormSection title={t("settings.confirm.title")} description={t("settings.confirm.description")}>
          <PasswordField
            label={t("settings.confirm.current")}
            autoComplete="current-password"
            hint={t("settings.confirm.hint")}
            error={displayMessage(t, errors.current_password?.message)}
            {...register("current_password")}
          />
        </FormSection>
      )}

      <FormActions>
        <Button variant="secondary" onClick={discard} disabled={!changed || update.isPending}>
          {t("settings.discard")}
        </Button>
        <Button type="submit" loading={update.isPending}>
          {update.isPending ? t("settings.saving") : t("settings.save")}
        </Button>
      </FormActions>
    </form>
  );
}
