import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { User } from "../../../domain/users";
import { userUpdateSchema } from "../../../domain/users";
import { displayMessage } from "../../i18n/messages";
import { ApiError } from "../../lib/api";
import { applyFieldErrors } from "../../lib/form-errors";
import { Button } from "../../ui/button";
import { FormSection } from "../../ui/form-section";
import { PasswordField } from "../../ui/password-field";
import { TextField } from "../../ui/text-field";
import { type AvatarChange, useUpdateUser } from "./api";
import { AvatarField } from "./avatar-field";

const FIELDS = ["name", "email", "phone", "password", "password_confirmation"] as const;

const formValues = (user: User) => ({
  name: user.name,
  email: user.email,
  phone: user.phone ?? "",
  password: "",
  password_confirmation: "",
});

export function SettingsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateUser(user.id);
  const [avatar, setAvatar] = useState<AvatarChange>({ kind: "keep" });
  const [avatarError, setAvatarError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(userUpdateSchema), defaultValues: formValues(user) });

  const onSubmit = handleSubmit(async (values) => {
    setAvatarError(undefined);
    try {
      const { user: saved } = await update.mutateAsync({ values, avatar });
      reset(formValues(saved));
      setAvatar({ kind: "keep" });
      toast.success(t("settings.toast.success"));
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
      const avatarMessage = error instanceof ApiError ? error.fieldMessage("avatar") : undefined;
      if (avatarMessage) setAvatarError(avatarMessage);
      // SPEC §8: the first server error when there is one, otherwise the generic sentence.
      const firstServerError = error instanceof ApiError && error.status === 422 ? error.message : undefined;
      toast.error(firstServerError ?? t("settings.toast.error"));
    }
  });

  const discard = () => {
    reset(formValues(user));
    setAvatar({ kind: "keep" });
    setAvatarError(undefined);
  };

  const changed = isDirty || avatar.kind !== "keep";
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <FormSection title={t("settings.profile.title")} description={t("settings.profile.description")}>
        <AvatarField
          name={watch("name") || user.name}
          currentUrl={user.avatar}
          change={avatar}
          onChange={(next) => {
            setAvatar(next);
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
        <PasswordField
          label={t("settings.password.new")}
          autoComplete="new-password"
          hint={t("settings.password.hint")}
          error={displayMessage(t, errors.password?.message)}
          {...register("password")}
        />
        <PasswordField
          label={t("fields.passwordConfirmation")}
          autoComplete="new-password"
          error={displayMessage(t, errors.password_confirmation?.message)}
          {...register("password_confirmation")}
        />
      </FormSection>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={discard} disabled={!changed || update.isPending}>
          {t("settings.discard")}
        </Button>
        <Button type="submit" loading={update.isPending}>
          {update.isPending ? t("settings.saving") : t("settings.save")}
        </Button>
      </div>
    </form>
  );
}
