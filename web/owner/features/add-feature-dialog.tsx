import { FEATURE_NAME_MAX, specialFeatureInputSchema, VEHICLE_DESCRIPTION_MAX } from "@domain/vehicles";
import { zodResolver } from "@hookform/resolvers/zod";
import { displayMessage } from "@web/i18n/messages";
import { cn } from "@web/lib/cn";
import { applyFieldErrors } from "@web/lib/form-errors";
import { notify } from "@web/lib/notify";
import { Button } from "@web/ui/button";
import { Dialog } from "@web/ui/dialog";
import { TextField } from "@web/ui/text-field";
import { TextareaField } from "@web/ui/textarea-field";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useCreateSpecialFeature } from "./api";

const EMPTY = { name: "", description: "" };
/** The toasts' key: a success replaces an earlier failure of the same action. */
const ACTION = "feature-create";

/** "Nueva característica": name and description, both required (SPEC §2, §8). */
export function AddFeatureDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("fleet");
  const create = useCreateSpecialFeature();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(specialFeatureInputSchema), defaultValues: EMPTY });
  const description = useWatch({ control, name: "description" }) ?? "";

  const close = (next: boolean) => {
    if (create.isPending) return;
    if (!next) {
      reset(EMPTY);
      create.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      notify.success(ACTION, t("specialPage.created"));
      reset(EMPTY);
      onOpenChange(false);
    } catch (error) {
      // A field error (e.g. a name already used) is shown under its field, not also as a toast.
      if (!applyFieldErrors(error, setError, ["name", "description"])) {
        notify.error(ACTION, t("specialPage.createError"));
      }
    }
  });

  const formId = "add-feature-form";
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t("specialPage.addTitle")}
      description={t("specialPage.addDescription")}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={create.isPending}>
            {t("translation:common.cancel")}
          </Button>
          <Button type="submit" form={formId} loading={create.isPending}>
            {create.isPending ? t("form.saving") : t("specialPage.addSubmit")}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField
          label={t("specialPage.name")}
          hint={t("specialPage.nameHint")}
          maxLength={FEATURE_NAME_MAX}
          autoComplete="off"
          error={displayMessage(t, errors.name?.message)}
          {...register("name")}
        />
        <TextareaField
          label={t("specialPage.descriptionLabel")}
          hint={t("specialPage.descriptionHint")}
          rows={3}
          labelAside={
            <span
              aria-hidden="true"
              className={cn(
                "text-xs tabular-nums",
                description.length > VEHICLE_DESCRIPTION_MAX ? "font-semibold text-red-700" : "text-gray-500",
              )}
            >
              {description.length}/{VEHICLE_DESCRIPTION_MAX}
            </span>
          }
          error={displayMessage(t, errors.description?.message)}
          {...register("description")}
        />
      </form>
    </Dialog>
  );
}
