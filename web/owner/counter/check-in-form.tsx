import {
  type CounterRules,
  type CounterView,
  checkInSchema,
  type DamageMark,
  daysOut,
  PLAUSIBLE_KM_PER_DAY,
} from "@domain/counter";
import { NCF_MAX, TAX_ID_MAX } from "@domain/documents";
import { translate } from "@domain/messages";
import type { Reservation } from "@domain/reservations";
import { currentLanguage } from "@web/i18n/setup";
import {
  amountInputText,
  currencySymbol,
  formatMoney,
  formatNumber,
  instantOfWallClockInput,
  plainAmount,
  wallClockInputValue,
} from "@web/lib/format";
import { useLeaveGuard } from "@web/lib/use-leave-guard";
import { AdornedInput } from "@web/ui/adorned-input";
import { Button } from "@web/ui/button";
import { ConfirmDialog } from "@web/ui/confirm-dialog";
import { FieldError } from "@web/ui/field";
import { FormSection } from "@web/ui/form-section";
import { Input } from "@web/ui/input";
import { removeRowKeepingFocus } from "@web/ui/row-removal";
import { TextField } from "@web/ui/text-field";
import { ToggleSwitch } from "@web/ui/toggle-switch";
import { Plus, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCheckIn, useCorrectCheckIn } from "./api";
import { DamageDiagram } from "./damage-diagram";
import { FormEnd } from "./form-end";
import { type FieldErrors, fieldError, useHandoverSubmit } from "./form-state";
import { FuelField } from "./fuel-field";
import { MarksList } from "./marks-list";

type DamageRow = { reason: string; amount: string };

/**
 * The check-in at the counter (issue 28.4): the kilometres and fuel as the car comes back, when it
 * came back (now, or earlier when recorded afterwards), whether it needs cleaning, new damage
 * beside check-out's marks, and damage to charge with its reason. The server prices the return on
 * the landing's rules and the page then shows every charge. The return time is read and written on
 * the landing's clock (`timeZone`), as every other time of the booking is, whatever the browser's.
 */
export function CheckInForm({
  reservation,
  counter,
  timeZone,
  rules,
  correcting,
}: {
  reservation: Reservation;
  counter: CounterView;
  timeZone: string;
  /** The counter rules the return is priced with: whether cleaning and missing fuel are charged at all. */
  rules: CounterRules;
  /**
   * "Corregir devolución": the recorded return, prefilled, sent again and priced again; `onDone`
   * closes the form once saved, `onCancel` without saving.
   */
  correcting?: { onDone: () => void; onCancel: () => void };
}) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  const idBase = useId();
  const record = useCheckIn(reservation.id);
  const correct = useCorrectCheckIn(reservation.id);
  const checkIn = correcting ? correct : record;
  const out = counter.check_out;
  // A correction starts from what was recorded (the return's time included, kept unless changed).
  const [initial] = useState(() => recordedReturn(correcting ? counter : null, timeZone, language));
  const [odometer, setOdometer] = useState(initial.odometer);
  const [fuel, setFuel] = useState<number | null>(initial.fuel);
  // Shown as now; sent only once the owner changes it (a return recorded afterwards), so a form
  // left open for a while still records the moment it is sent.
  const [returnedAt, setReturnedAt] = useState<string | null>(initial.returnedAt);
  const [cleaning, setCleaning] = useState(initial.cleaning);
  const [marks, setMarks] = useState<DamageMark[]>(initial.marks);
  const [damages, setDamages] = useState<DamageRow[]>(initial.damages);
  const [note, setNote] = useState(initial.note);
  const [customerTaxId, setCustomerTaxId] = useState(initial.customerTaxId);
  const [ncf, setNcf] = useState(initial.ncf);
  const changed =
    odometer !== initial.odometer ||
    fuel !== initial.fuel ||
    returnedAt !== initial.returnedAt ||
    cleaning !== initial.cleaning ||
    JSON.stringify([marks, damages, note, customerTaxId, ncf]) !==
      JSON.stringify([initial.marks, initial.damages, initial.note, initial.customerTaxId, initial.ncf]);
  useLeaveGuard(changed && !checkIn.isSuccess);

  const km = checkInSchema.shape.odometer_km.safeParse(odometer.trim());
  // The return's moment as typed on the landing's clock; null until one is typed (then sent as now).
  const typedReturn = returnedAt === null ? null : instantOfWallClockInput(returnedAt, timeZone);
  // Fewer kilometres than at check-out: said with the form's other problems, not after them.
  const kmBelowOut = (): FieldErrors =>
    out && km.success && km.data < out.odometer_km
      ? { odometer_km: [translate(language, "odometerBelowOut", { km: out.odometer_km })] }
      : {};
  const { errors, failure, submit } = useHandoverSubmit(
    reservation.id,
    async () => {
      const answer = await checkIn.mutateAsync({
        odometer_km: odometer.trim(),
        fuel_eighths: fuel ?? "",
        // A correction keeps the recorded moment to the second unless another is typed (the field shows minutes).
        returned_at:
          correcting && returnedAt === initial.returnedAt ? counter.check_in?.at : typedReturn?.toISOString(),
        cleaning,
        marks,
        damages: damages.map((row) => ({ reason: row.reason, amount: plainAmount(row.amount) })),
        note,
        customer_tax_id: customerTaxId,
        ncf,
      });
      correcting?.onDone();
      return answer;
    },
    kmBelowOut,
  );

  // The kilometres driven, said under the field, and asked again when past what a car is driven.
  const driven = out && km.success && km.data >= out.odometer_km ? km.data - out.odometer_km : null;
  const drivenKm = formatNumber(driven ?? 0, language);
  const days = out ? daysOut(new Date(out.at), typedReturn ?? new Date()) : 1;
  const implausible = driven !== null && driven > PLAUSIBLE_KM_PER_DAY * days;
  const [asking, setAsking] = useState(false);
  const confirmed = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const send = (event: React.FormEvent<HTMLFormElement>) => {
    if (implausible && !confirmed.current) {
      event.preventDefault();
      setAsking(true);
      return;
    }
    confirmed.current = false;
    void submit(event);
  };
  const drivenText = driven === null ? "" : ` ${t("counter.driven", { km: drivenKm, count: days })}`;

  const busy = checkIn.isPending;
  const setDamage = (index: number, change: Partial<DamageRow>) =>
    setDamages(damages.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <>
      <form
        ref={formRef}
        onSubmit={send}
        noValidate
        className="flex flex-col gap-6"
        aria-label={t(correcting ? "counter.correctTitle" : "counter.checkInTitle")}
      >
        <FormSection title={t("counter.stateTitle")} description={t("counter.stateInBody")}>
          <div className="flex flex-col gap-5">
            <TextField
              label={t("counter.odometer")}
              hint={
                out
                  ? `${t("counter.odometerOut", { km: formatNumber(out.odometer_km, language) })}${drivenText}`
                  : undefined
              }
              inputMode="numeric"
              value={odometer}
              onChange={(event) => setOdometer(event.target.value)}
              error={fieldError(errors, "odometer_km")}
              disabled={busy}
            />
            <FuelField value={fuel} onChange={setFuel} error={fieldError(errors, "fuel_eighths")} disabled={busy} />
            {out && (
              <p className="-mt-3 text-sm text-gray-600">
                {t("counter.fuelOut", { eighths: out.fuel_eighths })}
                {rules.fuel_eighth_cents === 0 && ` ${t("counter.fuelFree")}`}
              </p>
            )}
            <TextField
              label={t("counter.returnedAt")}
              hint={t(correcting ? "counter.returnedAtCorrectHint" : "counter.returnedAtHint")}
              type="datetime-local"
              value={returnedAt ?? wallClockInputValue(new Date(), timeZone)}
              onChange={(event) => setReturnedAt(event.target.value)}
              error={fieldError(errors, "returned_at")}
              disabled={busy}
            />
            <ToggleSwitch
              label={t("counter.cleaning")}
              description={
                rules.cleaning_fee_cents > 0
                  ? t("counter.cleaningHint", {
                      fee: formatMoney(rules.cleaning_fee_cents, reservation.currency, language),
                    })
                  : t("counter.cleaningFree")
              }
              checked={cleaning}
              onCheckedChange={setCleaning}
              disabled={busy}
            />
          </div>
        </FormSection>

        <FormSection title={t("counter.damageTitle")} description={t("counter.damageInBody")}>
          <div className="flex flex-col gap-4" data-rows="">
            <DamageDiagram
              marks={marks}
              earlier={out?.marks ?? []}
              onAdd={(zone) => setMarks((current) => [...current, { zone, note: "" }])}
              disabled={busy}
            />
            <MarksList
              reservationId={reservation.id}
              marks={marks}
              onChange={setMarks}
              errors={errors}
              disabled={busy}
              afterEarlier
            />
          </div>
        </FormSection>

        <FormSection title={t("counter.damagesTitle")} description={t("counter.damagesBody")}>
          <div className="flex flex-col gap-3" data-rows="">
            {damages.map((row, index) => {
              const reasonError = fieldError(errors, `damages.${index}.reason`);
              const amountError = fieldError(errors, `damages.${index}.amount`);
              // Each field marked and described by its own refusal (the check's "Revisa los campos marcados").
              const reasonErrorId = `${idBase}-damage-${index}-reason-error`;
              const amountErrorId = `${idBase}-damage-${index}-amount-error`;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a charge has no id until it is recorded.
                <div key={index} className="flex flex-col gap-1" data-row="">
                  <div className="flex flex-col gap-2 sm:flex-row">
                    <Input
                      aria-label={t("counter.damageReason", { number: index + 1 })}
                      placeholder={t("counter.damageReasonPlaceholder")}
                      value={row.reason}
                      // Not cut as it is typed or pasted: a reason past its limit is refused by name on saving.
                      onChange={(event) => setDamage(index, { reason: event.target.value })}
                      disabled={busy}
                      aria-invalid={reasonError ? true : undefined}
                      aria-describedby={reasonError ? reasonErrorId : undefined}
                    />
                    <div className="flex gap-2">
                      <AdornedInput
                        aria-label={t("counter.damageAmount", { number: index + 1 })}
                        prefix={currencySymbol(reservation.currency, language)}
                        inputMode="decimal"
                        placeholder="0.00"
                        value={row.amount}
                        onChange={(event) => setDamage(index, { amount: event.target.value })}
                        disabled={busy}
                        aria-invalid={amountError ? true : undefined}
                        aria-describedby={amountError ? amountErrorId : undefined}
                      />
                      <Button
                        variant="ghost"
                        onClick={(event) =>
                          removeRowKeepingFocus(event.currentTarget, () =>
                            setDamages(damages.filter((_, at) => at !== index)),
                          )
                        }
                        disabled={busy}
                        aria-label={t("counter.removeDamage", { number: index + 1 })}
                        data-remove-row=""
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </Button>
                    </div>
                  </div>
                  <FieldError id={reasonErrorId} message={reasonError} />
                  <FieldError id={amountErrorId} message={amountError} />
                </div>
              );
            })}
            <div>
              <Button
                variant="secondary"
                onClick={() => setDamages([...damages, { reason: "", amount: "" }])}
                disabled={busy}
                data-add-row=""
              >
                <Plus aria-hidden="true" className="size-4" />
                {t("counter.addDamage")}
              </Button>
            </div>
          </div>
        </FormSection>

        <FormSection title={t("counter.invoiceDetailsTitle")} description={t("counter.invoiceDetailsBody")}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("counter.customerTaxId")}
              value={customerTaxId}
              maxLength={TAX_ID_MAX}
              autoComplete="off"
              onChange={(event) => setCustomerTaxId(event.target.value)}
              error={fieldError(errors, "customer_tax_id")}
              disabled={busy}
            />
            <TextField
              label={t("counter.ncf")}
              hint={t("counter.ncfHint")}
              value={ncf}
              maxLength={NCF_MAX}
              autoComplete="off"
              autoCapitalize="characters"
              onChange={(event) => setNcf(event.target.value)}
              error={fieldError(errors, "ncf")}
              disabled={busy}
            />
          </div>
        </FormSection>

        <FormEnd
          note={note}
          onNote={setNote}
          errors={errors}
          failure={failure}
          busy={busy}
          save={t(correcting ? "counter.correctSave" : "counter.checkIn")}
          onCancel={correcting?.onCancel}
        />
      </form>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("counter.implausibleTitle", { km: drivenKm })}
        description={t("counter.implausibleBody", {
          max: formatNumber(PLAUSIBLE_KM_PER_DAY, language),
          count: days,
        })}
        confirmLabel={t("counter.implausibleConfirm", { km: drivenKm })}
        onConfirm={() => {
          confirmed.current = true;
          setAsking(false);
          formRef.current?.requestSubmit();
        }}
      />
    </>
  );
}

/** The form's fields as a return recorded at the counter left them, or empty for a new one. */
function recordedReturn(counter: CounterView | null, timeZone: string, language: ReturnType<typeof currentLanguage>) {
  const back = counter?.check_in;
  return {
    odometer: back ? String(back.odometer_km) : "",
    fuel: back ? back.fuel_eighths : null,
    returnedAt: back ? wallClockInputValue(new Date(back.at), timeZone) : null,
    cleaning: back?.cleaning ?? false,
    marks: back?.marks ?? [],
    damages: (back?.charges ?? []).flatMap((line): DamageRow[] =>
      line.kind === "damage"
        ? [{ reason: line.reason ?? "", amount: amountInputText(line.total_cents, language) }]
        : [],
    ),
    note: back?.note ?? "",
    customerTaxId: counter?.invoice?.customer_tax_id ?? "",
    ncf: counter?.invoice?.ncf ?? "",
  };
}
