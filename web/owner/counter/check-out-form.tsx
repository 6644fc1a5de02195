import { type CounterView, type DamageMark, ITEM_MAX, isCounterDepositMethod } from "@domain/counter";
import { licenceProblem } from "@domain/drivers";
import { addonLineName } from "@domain/pricing";
import { isIsoDate } from "@domain/rental-time";
import type { Reservation } from "@domain/reservations";
import { textLength } from "@domain/text-length";
import { currentLanguage } from "@web/i18n/setup";
import { amountInputText, plainAmount } from "@web/lib/format";
import { useStateDraft } from "@web/lib/use-form-draft";
import { useLeaveGuard } from "@web/lib/use-leave-guard";
import { useNarrowText } from "@web/lib/use-media-query";
import { Button } from "@web/ui/button";
import { DraftRestoredStatus } from "@web/ui/draft-restored-status";
import { FieldError } from "@web/ui/field";
import { FormSection } from "@web/ui/form-section";
import { Input } from "@web/ui/input";
import { removeRowKeepingFocus } from "@web/ui/row-removal";
import { TextField } from "@web/ui/text-field";
import { Plus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCheckOut } from "./api";
import { DamageDiagram } from "./damage-diagram";
import { asksDeposit, DepositField, type DepositValues } from "./deposit-field";
import { DriversFields, type DriverValues, emptyDriver } from "./drivers-fields";
import { FormEnd } from "./form-end";
import { type FieldErrors, fieldError, useHandoverSubmit } from "./form-state";
import { FuelField } from "./fuel-field";
import { MarksList } from "./marks-list";

/** What the check-out records, as the form holds it (and its draft keeps it). */
type HandedOver = {
  drivers: DriverValues[];
  odometer: string;
  fuel: number | null;
  marks: DamageMark[];
  items: string[];
  note: string;
  deposit: DepositValues;
};

/** The main driver as the booking names them: the counter checks and completes the rest. */
function firstDriver(reservation: Reservation): DriverValues {
  return {
    ...emptyDriver(),
    name: `${reservation.name} ${reservation.last_name}`.trim(),
    birth_date: reservation.driver_birth_date ?? "",
  };
}

/**
 * The check-out at the counter (issue 28.2): the drivers and their licences, the kilometres and
 * fuel as the car leaves, its damage marked on the diagram, and what is handed over (the booking's
 * extras ticked in advance). One tap records it; the server refuses a licence or a driver the
 * booking does not allow, naming the field.
 */
export function CheckOutForm({
  reservation,
  counter,
  onGoneUnsent,
}: {
  reservation: Reservation;
  counter: CounterView;
  /** The form went with something noted and not being sent (the page says whether the booking moved on). */
  onGoneUnsent?: () => void;
}) {
  const { t } = useTranslation("reservations");
  const narrow = useNarrowText();
  const checkOut = useCheckOut(reservation.id);
  // Entered by the customer for their express pickup (issue 28.6): here to check against the licence.
  // What the form starts from. The extras booked are named in the booking's language: the list
  // goes on the agreement the customer signs, which is written in it.
  const [initial] = useState<HandedOver>(() => ({
    drivers: counter.express_drivers.length > 0 ? counter.express_drivers : [firstDriver(reservation)],
    odometer: "",
    fuel: null,
    marks: [],
    items: reservation.addons.map((addon) => addonLineName(addon, reservation.language)),
    note: "",
    // The rules' amount to start with: the owner says how it came in (or that it did not).
    deposit: { method: "", amount: amountInputText(reservation.deposit_cents, currentLanguage()) },
  }));
  const [drivers, setDrivers] = useState(initial.drivers);
  const [odometer, setOdometer] = useState(initial.odometer);
  const [fuel, setFuel] = useState(initial.fuel);
  const [marks, setMarks] = useState(initial.marks);
  const [items, setItems] = useState(initial.items);
  const [item, setItem] = useState("");
  const [note, setNote] = useState(initial.note);
  const [deposit, setDeposit] = useState(initial.deposit);
  const withDeposit = asksDeposit(reservation);
  // A reload (or a tablet's browser dropping the tab) at the counter brings back what was noted.
  const draft = useStateDraft(
    `check-out:${reservation.id}`,
    { drivers, odometer, fuel, marks, items, note, deposit },
    initial,
    (saved) => {
      if (saved.drivers) setDrivers(saved.drivers);
      if (saved.odometer !== undefined) setOdometer(saved.odometer);
      if (saved.fuel !== undefined) setFuel(saved.fuel);
      if (saved.marks) setMarks(saved.marks);
      if (saved.items) setItems(saved.items);
      if (saved.note !== undefined) setNote(saved.note);
      if (saved.deposit) setDeposit(saved.deposit);
    },
  );
  const touched = odometer !== "" || fuel !== null || marks.length > 0 || note !== "" || deposit.method !== "";
  useLeaveGuard(touched && !checkOut.isSuccess);
  // What is noted and not on its way when the form goes: told to the page, which says it when the
  // booking moved on elsewhere (a walk's two tabs: the one still noting lost it without a word).
  const unsent = useRef(false);
  unsent.current = touched && !checkOut.isPending && !checkOut.isSuccess;
  const goneUnsent = useRef(onGoneUnsent);
  goneUnsent.current = onGoneUnsent;
  useEffect(
    () => () => {
      if (unsent.current) goneUnsent.current?.();
    },
    [],
  );

  const itemInput = useRef<HTMLInputElement>(null);
  // An item longer than the server keeps stays in its field, said so, instead of being cut as it is
  // pasted (a walk's finding: the counter's texts were cut without a word).
  const itemTooLong = textLength(item.trim()) > ITEM_MAX;
  const itemErrorId = `${useId()}-item-error`;
  const addItem = () => {
    const text = item.trim();
    if (itemTooLong) return;
    if (text && !items.includes(text)) setItems([...items, text]);
    setItem("");
    // The add button is disabled once the field is emptied: the focus goes back to the field, for the next one.
    itemInput.current?.focus();
  };

  const { errors, failure, submit } = useHandoverSubmit(
    reservation.id,
    async () => {
      // An item typed but not added with its button goes with the others, and shows among them: a
      // walk's check-out left "Llave de repuesto" in the field, and the signed agreement said "Nada más".
      const typed = item.trim();
      const handed = typed && !items.includes(typed) ? [...items, typed] : items;
      // One too long stays in its field, said so there, and goes too: the server refuses it with the rest.
      if (typed && !itemTooLong) {
        setItems(handed);
        setItem("");
      }
      const recorded = await checkOut.mutateAsync({
        drivers,
        odometer_km: odometer.trim(),
        fuel_eighths: fuel ?? "",
        marks,
        items: handed,
        note,
        ...(withDeposit && {
          deposit_method: deposit.method || undefined,
          deposit_amount: isCounterDepositMethod(deposit.method) ? plainAmount(deposit.amount) : undefined,
        }),
      });
      draft.clear();
      return recorded;
    },
    // Said with the form's other refusals, in one round (the server checks these only once they pass):
    // the deposit not chosen, a licence that runs out before the return.
    (): FieldErrors => {
      const found: FieldErrors =
        withDeposit && deposit.method === "" ? { deposit_method: [t("api:depositMethodRequired")] } : {};
      const rental = { pickupDate: reservation.date_of_departure, returnDate: reservation.date_of_arrival };
      drivers.forEach((driver, index) => {
        const problem = isIsoDate(driver.licence_expiry) ? licenceProblem(driver.licence_expiry, rental) : null;
        if (problem) found[`drivers.${index}.licence_expiry`] = [t(`api:${problem}`)];
      });
      return found;
    },
  );

  const busy = checkOut.isPending;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6" aria-label={t("counter.checkOutTitle")}>
      {draft.restored && touched && <DraftRestoredStatus>{t("counter.draftRestored")}</DraftRestoredStatus>}
      <FormSection title={t("counter.driversTitle")} description={t("counter.driversBody")}>
        <DriversFields
          reservationId={reservation.id}
          drivers={drivers}
          onChange={setDrivers}
          errors={errors}
          disabled={busy}
        />
      </FormSection>

      <FormSection title={t("counter.stateTitle")} description={t("counter.stateOutBody")}>
        <div className="flex flex-col gap-5">
          <TextField
            label={t("counter.odometer")}
            inputMode="numeric"
            value={odometer}
            onChange={(event) => setOdometer(event.target.value)}
            error={fieldError(errors, "odometer_km")}
            disabled={busy}
          />
          <FuelField value={fuel} onChange={setFuel} error={fieldError(errors, "fuel_eighths")} disabled={busy} />
        </div>
      </FormSection>

      <FormSection title={t("counter.damageTitle")} description={t("counter.damageBody")}>
        <div className="flex flex-col gap-4" data-rows="">
          <DamageDiagram
            marks={marks}
            onAdd={(zone) => setMarks((current) => [...current, { zone, note: "" }])}
            disabled={busy}
          />
          <MarksList reservationId={reservation.id} marks={marks} onChange={setMarks} errors={errors} disabled={busy} />
          <FieldError message={fieldError(errors, "marks")} />
        </div>
      </FormSection>

      <FormSection title={t("counter.itemsTitle")} description={t("counter.itemsBody")}>
        <div className="flex flex-col gap-3" data-rows="">
          {items.length > 0 && (
            <ul className="flex flex-wrap gap-2">
              {items.map((name) => (
                <li key={name}>
                  <button
                    type="button"
                    onClick={(event) =>
                      removeRowKeepingFocus(event.currentTarget, () =>
                        setItems(items.filter((other) => other !== name)),
                      )
                    }
                    disabled={busy}
                    data-remove-row=""
                    aria-label={t("counter.removeItem", { item: name })}
                    className="rounded-full bg-gray-100 px-3 py-1.5 text-sm text-gray-800 ring-1 ring-gray-200 hover:bg-gray-200"
                  >
                    {name} <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {/* The button under the field on a screen narrow for its text, where beside it the field
              was 74 px wide; there no field holds the example, which the section's text gives. */}
          <div className="flex gap-2 cramped:flex-col">
            <Input
              ref={itemInput}
              aria-label={t("counter.newItem")}
              // The last item removed: the focus comes here, where items are added.
              data-add-row=""
              placeholder={narrow ? undefined : t("counter.newItemPlaceholder")}
              value={item}
              aria-invalid={itemTooLong || undefined}
              aria-describedby={itemTooLong ? itemErrorId : undefined}
              onChange={(event) => setItem(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  addItem();
                }
              }}
              disabled={busy}
            />
            <Button variant="secondary" onClick={addItem} disabled={busy || item.trim() === "" || itemTooLong}>
              <Plus aria-hidden="true" className="size-4" />
              {t("counter.addItem")}
            </Button>
          </div>
          {(itemTooLong || Object.keys(errors).some((key) => key.startsWith("items"))) && (
            <FieldError id={itemErrorId} message={t("api:itemsInvalid")} />
          )}
        </div>
      </FormSection>

      {withDeposit && (
        <DepositField reservation={reservation} value={deposit} onChange={setDeposit} errors={errors} disabled={busy} />
      )}

      <FormEnd
        note={note}
        onNote={setNote}
        errors={errors}
        failure={failure}
        busy={busy}
        save={t("counter.checkOut")}
      />
    </form>
  );
}
