import type { Language } from "@domain/languages";
import type { Location } from "@domain/locations";
import { feeProblem } from "@domain/rental-rules-schemas";
import { ApiError } from "@web/lib/api";
import { amountInputText, plainAmount } from "@web/lib/format";
import { notify } from "@web/lib/notify";
import { AmountInput } from "@web/ui/amount-input";
import { Field } from "@web/ui/field";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSaveOneWayFee } from "./api";
import { DialogForm } from "./dialog-form";

type OneWayFeeDialogProps = {
  landingId: number;
  /** The pair being edited; null closes the dialog. */
  location: Location | null;
  currency: string;
  language: Language;
  onClose: () => void;
};

/** The fee a booking pays when the vehicle is returned at another place than where it was picked up. */
export function OneWayFeeDialog({ landingId, location, currency, language, onClose }: OneWayFeeDialogProps) {
  const { t } = useTranslation("fleet");
  const save = useSaveOneWayFee(landingId);
  const [fee, setFee] = useState("");
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!location) return;
    setFee(amountInputText(location.one_way_fee_cents ?? 0, language));
    setError(undefined);
  }, [location, language]);

  const submit = async () => {
    if (!location) return;
    // Empty is no fee; anything else must read as an amount the server takes.
    const problem = fee.trim() === "" ? undefined : feeProblem(fee);
    if (problem) {
      setError(t(`api:${problem}`));
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    const action = `one-way-fee:${location.id}`;
    try {
      await save.mutateAsync({ locationId: location.id, fee: plainAmount(fee) || "0" });
      notify.success(action, t("oneWayFee.saved"));
      onClose();
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.fieldMessage("one_way_fee") : undefined;
      if (message) setError(message);
      else notify.error(action, t("oneWayFee.failed"));
    }
  };

  const formId = "one-way-fee-form";
  const route = location
    ? t("locationsPage.route", { from: location.place_of_departure, to: location.arrival_place })
    : "";
  return (
    <DialogForm
      open={location !== null}
      onClose={onClose}
      pending={save.isPending}
      title={t("oneWayFee.title")}
      description={route}
      formId={formId}
      saveLabel={t("oneWayFee.save")}
      onSubmit={submit}
    >
      <Field
        label={t("oneWayFee.label")}
        hint={t("oneWayFee.hint", { from: location?.place_of_departure ?? "", to: location?.arrival_place ?? "" })}
        error={error}
      >
        {(control) => (
          <AmountInput
            {...control}
            ref={inputRef}
            currency={currency}
            language={language}
            placeholder="0.00"
            value={fee}
            onValueChange={setFee}
            disabled={save.isPending}
          />
        )}
      </Field>
    </DialogForm>
  );
}
