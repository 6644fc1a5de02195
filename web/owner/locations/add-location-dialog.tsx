import { PLACE_MAX } from "@domain/limits";
import { locationFormSchema } from "@domain/locations";
import { textLength } from "@domain/text-length";
import { zodResolver } from "@hookform/resolvers/zod";
import { displayMessage } from "@web/i18n/messages";
import { applyFieldErrors } from "@web/lib/form-errors";
import { notify } from "@web/lib/notify";
import { Button } from "@web/ui/button";
import { CharCounter } from "@web/ui/char-counter";
import { Dialog } from "@web/ui/dialog";
import { TextField } from "@web/ui/text-field";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useAddLocation } from "./api";

const EMPTY = { place_of_departure: "", arrival_place: "" };

type AddLocationDialogProps = {
  landingId: number;
  landingName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The add-location modal: where customers pick the vehicle up and where they return it (the same place when left empty). */
export function AddLocationDialog({ landingId, landingName, open, onOpenChange }: AddLocationDialogProps) {
  const { t } = useTranslation("fleet");
  const add = useAddLocation(landingId);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(locationFormSchema), defaultValues: EMPTY });
  const [departure, arrival] = useWatch({ control, name: ["place_of_departure", "arrival_place"] });

  const close = (next: boolean) => {
    if (add.isPending) return;
    if (!next) reset(EMPTY);
    onOpenChange(next);
  };

  const action = `location-add:${landingId}`;
  const save = handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      notify.success(action, t("locationsPage.added"));
      reset(EMPTY);
      onOpenChange(false);
    } catch (error) {
      // A field error is shown under its field, not also as a toast.
      if (!applyFieldErrors(error, setError, ["place_of_departure", "arrival_place"])) {
        notify.error(action, t("locationsPage.addError"));
      }
    }
  });

  const formId = "add-location-form";
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t("locationsPage.addTitle")}
      description={t("locationsPage.addDescription", { name: landingName })}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={add.isPending}>
            {t("translation:common.cancel")}
          </Button>
          <Button type="submit" form={formId} loading={add.isPending}>
            {add.isPending ? t("form.saving") : t("locationsPage.addSubmit")}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={save} noValidate className="flex flex-col gap-5">
        <TextField
          label={t("locationsPage.departure")}
          hint={t("locationsPage.departureHint")}
          autoComplete="off"
          maxLength={PLACE_MAX}
          // The field stops at its limit, silently cutting what is pasted: the count says so.
          labelAside={<CharCounter count={textLength(departure)} max={PLACE_MAX} />}
          error={displayMessage(t, errors.place_of_departure?.message)}
          {...register("place_of_departure")}
        />
        <TextField
          label={t("locationsPage.arrival")}
          hint={t("locationsPage.arrivalHint")}
          autoComplete="off"
          maxLength={PLACE_MAX}
          labelAside={<CharCounter count={textLength(arrival)} max={PLACE_MAX} />}
          error={displayMessage(t, errors.arrival_place?.message)}
          {...register("arrival_place")}
        />
      </form>
    </Dialog>
  );
}
