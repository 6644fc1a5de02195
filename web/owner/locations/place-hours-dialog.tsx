import type { Language } from "@domain/languages";
import type { PlaceHours } from "@domain/locations";
import { feeProblem } from "@domain/rental-rules-schemas";
import { displayMessage } from "@web/i18n/messages";
import { ApiError } from "@web/lib/api";
import { amountInputText, plainAmount } from "@web/lib/format";
import { notify } from "@web/lib/notify";
import { Alert } from "@web/ui/alert";
import { AmountInput } from "@web/ui/amount-input";
import { Field } from "@web/ui/field";
import { ToggleSwitch } from "@web/ui/toggle-switch";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSavePlaceHours } from "./api";
import { DayRow } from "./day-row";
import { DialogForm } from "./dialog-form";
import { type DayDraft, DISPLAY_ORDER, dayProblem, draftDays, weekHours } from "./hours";

type PlaceHoursDialogProps = {
  landingId: number;
  /** The place being edited; null closes the dialog. */
  place: PlaceHours | null;
  currency: string;
  language: Language;
  onClose: () => void;
};

/**
 * A place's opening hours (issue 10): always open, or per weekday open from-to or closed; and
 * what happens outside them: refused (no fee) or accepted for an after-hours fee. Days are shown
 * Monday first and sent Sunday first.
 */
export function PlaceHoursDialog({ landingId, place, currency, language, onClose }: PlaceHoursDialogProps) {
  const { t } = useTranslation("fleet");
  const save = useSavePlaceHours(landingId);
  const [always, setAlways] = useState(true);
  const [days, setDays] = useState<DayDraft[]>(() => draftDays(null));
  const [fee, setFee] = useState("");
  const [checked, setChecked] = useState(false);
  const [feeError, setFeeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  // Each opening starts from what is saved for that place.
  useEffect(() => {
    if (!place) return;
    setAlways(place.hours === null);
    setDays(draftDays(place.hours));
    setFee(place.after_hours_fee_cents === null ? "" : amountInputText(place.after_hours_fee_cents, language));
    setChecked(false);
    setFeeError(undefined);
    setFailure(null);
  }, [place, language]);

  const problems = days.map((day) => (always ? null : dayProblem(day)));
  const feeKey = fee.trim() === "" ? undefined : feeProblem(fee);
  const feeText = feeKey ? t(`api:${feeKey}`) : undefined;

  const submit = async () => {
    setChecked(true);
    setFailure(null);
    setFeeError(undefined);
    if (!place || problems.some(Boolean) || (!always && feeText)) {
      const first = DISPLAY_ORDER.find((index) => problems[index]);
      if (first !== undefined) document.getElementById(`day-${first}-from`)?.focus();
      return;
    }
    const action = `place-hours:${place.place}`;
    try {
      await save.mutateAsync({
        place: place.place,
        hours: always ? null : weekHours(days),
        after_hours_fee: always ? "" : plainAmount(fee),
      });
      notify.success(action, t("placeHours.saved", { place: place.place }));
      onClose();
    } catch (error) {
      const message = error instanceof ApiError ? error.fieldMessage("after_hours_fee") : undefined;
      if (message) setFeeError(message);
      else setFailure(error instanceof ApiError && error.status !== 500 ? error.message : t("placeHours.failed"));
    }
  };

  const formId = "place-hours-form";
  return (
    <DialogForm
      open={place !== null}
      onClose={onClose}
      pending={save.isPending}
      title={t("placeHours.title", { place: place?.place ?? "" })}
      description={t("placeHours.description")}
      formId={formId}
      saveLabel={t("placeHours.save")}
      className="flex flex-col gap-5"
      onSubmit={submit}
    >
      <ToggleSwitch
        label={t("placeHours.always")}
        description={t("placeHours.alwaysHint")}
        checked={always}
        onCheckedChange={setAlways}
        disabled={save.isPending}
      />
      {!always && (
        <>
          <div className="flex flex-col divide-y divide-gray-100 rounded-lg border border-gray-200">
            {DISPLAY_ORDER.map((index) => (
              <DayRow
                key={index}
                index={index}
                day={days[index] ?? { open: false, from: "", to: "" }}
                language={language}
                error={checked ? displayMessage(t, problems[index] ?? undefined) : undefined}
                disabled={save.isPending}
                onChange={(next) => setDays((current) => current.map((day, at) => (at === index ? next : day)))}
              />
            ))}
          </div>
          <Field
            label={t("placeHours.fee")}
            hint={t("placeHours.feeHint")}
            error={feeError ?? (checked ? feeText : undefined)}
          >
            {(control) => (
              <AmountInput
                {...control}
                currency={currency}
                language={language}
                placeholder={t("placeHours.feePlaceholder")}
                value={fee}
                onValueChange={setFee}
                disabled={save.isPending}
              />
            )}
          </Field>
        </>
      )}
      {failure && <Alert>{failure}</Alert>}
    </DialogForm>
  );
}
