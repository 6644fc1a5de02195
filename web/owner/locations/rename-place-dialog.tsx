import { PLACE_MAX } from "@domain/limits";
import { placeRenameInputSchema } from "@domain/locations";
import { textLength } from "@domain/text-length";
import { zodResolver } from "@hookform/resolvers/zod";
import { displayMessage } from "@web/i18n/messages";
import { ApiError } from "@web/lib/api";
import { applyFieldErrors } from "@web/lib/form-errors";
import { notify } from "@web/lib/notify";
import { CharCounter } from "@web/ui/char-counter";
import { TextField } from "@web/ui/text-field";
import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useRenamePlace } from "./api";
import { DialogForm } from "./dialog-form";

const formSchema = z.object({ new_name: placeRenameInputSchema.shape.new_name });

type RenamePlaceDialogProps = {
  landingId: number;
  /** The place being renamed; null closes the dialog. */
  place: string | null;
  onClose: () => void;
};

/** A place's new name (a typo, a clearer name), for every pair that uses it; its fees and hours stay. */
export function RenamePlaceDialog({ landingId, place, onClose }: RenamePlaceDialogProps) {
  const { t } = useTranslation("fleet");
  const rename = useRenamePlace(landingId);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(formSchema), defaultValues: { new_name: place ?? "" } });
  const typed = useWatch({ control, name: "new_name" });

  // Each opening starts from the place's current name.
  useEffect(() => {
    if (place !== null) reset({ new_name: place });
  }, [place, reset]);

  const save = handleSubmit(async ({ new_name }) => {
    if (place === null) return;
    // The same name: nothing to ask the server.
    if (new_name === place) {
      onClose();
      return;
    }
    const action = `place-rename:${place}`;
    try {
      await rename.mutateAsync({ place, new_name });
      notify.success(action, t("renamePlace.saved", { from: place, to: new_name }));
      onClose();
    } catch (error) {
      // A name taken or too long is said under the field; a place gone meanwhile (another tab) in the server's words.
      if (!applyFieldErrors(error, setError, ["new_name"])) {
        notify.error(
          action,
          error instanceof ApiError && error.status !== 500 ? error.message : t("renamePlace.failed"),
        );
      }
    }
  });

  return (
    <DialogForm
      open={place !== null}
      onClose={onClose}
      pending={rename.isPending}
      title={t("renamePlace.title", { place: place ?? "" })}
      description={t("renamePlace.description")}
      formId="rename-place-form"
      saveLabel={t("renamePlace.save")}
      onSubmit={save}
    >
      <TextField
        label={t("renamePlace.label")}
        hint={t("renamePlace.hint")}
        autoComplete="off"
        maxLength={PLACE_MAX}
        labelAside={<CharCounter count={textLength(typed)} max={PLACE_MAX} />}
        error={displayMessage(t, errors.new_name?.message)}
        {...register("new_name")}
      />
    </DialogForm>
  );
}
