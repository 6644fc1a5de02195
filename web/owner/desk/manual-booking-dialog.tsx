import { DEFAULT_TIME_ZONE } from "@domain/landings";
import { isLanguage } from "@domain/languages";
import type { Reservation } from "@domain/reservations";
import { textLength } from "@domain/text-length";
import { useQuery } from "@tanstack/react-query";
import { currentLanguage } from "@web/i18n/setup";
import { ApiError } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { useLeaveGuard } from "@web/lib/use-leave-guard";
import { Alert } from "@web/ui/alert";
import { Button } from "@web/ui/button";
import { ConfirmDialog } from "@web/ui/confirm-dialog";
import { StaleDataAlert } from "@web/ui/stale-data-alert";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { useSession } from "../auth";
import { landingsQuery } from "../landings";
import { locationsQuery } from "../locations";
import { vehiclesQuery } from "../vehicles";
import { useDeskQuote } from "./api";
import {
  type AddonChoices,
  addonChoicesOf,
  bookingRequest,
  bookingValuesOf,
  capacityProblems,
  emptyBooking,
  fieldProblems,
  placeServerErrors,
  quoteRequest,
  todayIn,
} from "./booking-form";
import { CustomerFields } from "./customer-fields";
import { ExtrasField } from "./extras-field";
import { FormLoadError, FormLoading, NothingToBook } from "./form-states";
import { PricePanel } from "./price-panel";
import { RulesOverride } from "./rules-override";
import { Sheet } from "./sheet";
import { TripFields } from "./trip-fields";
import { useBookingDefaults } from "./use-booking-defaults";
import { useSaveBooking } from "./use-save-booking";

const FORM_ID = "manual-booking-form";
const TOAST = "desk-manual-booking";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4">
      <h3 className="text-xs font-semibold tracking-wide text-gray-600 uppercase">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The owner books for a customer who called or wrote: the landing (unless given), vehicle (and a
 * unit of it, if they like), places, dates, extras and customer, with the site's live price, an
 * optional agreed one, and the choice to book past their own rules with a reason. Saved
 * confirmed; the lists, the planner and the figures refresh. With `editing`, the same form changes
 * that booking (issue 25.21): it starts from its values, on its landing, priced as its change.
 */
export function ManualBookingDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  landingId?: number;
  vehicleId?: number;
  pickupDate?: string /* YYYY-MM-DD */;
  /** The car (1 first) of the planner's lane the owner clicked: chosen for them, as the vehicle is. */
  unit?: number;
  editing?: Reservation;
  /** After a change was refused as stale: the booking as it now is, to start the form again from. */
  onReload?: () => void;
  /** The booking as saved, once the sheet has closed (a change goes back to its detail). */
  onSaved?: (saved: Reservation) => void;
}) {
  const { open, onOpenChange, vehicleId, pickupDate, unit, editing, onReload, onSaved } = props;
  const givenLandingId = editing?.id_landing ?? props.landingId;
  const { t } = useTranslation("desk");
  const language = currentLanguage();
  const initial = useMemo(() => (editing ? bookingValuesOf(editing, language) : undefined), [editing, language]);
  const userId = useSession()?.userId ?? 0;
  const landings = useQuery({ ...landingsQuery(userId), enabled: open && userId > 0 });
  const form = useForm({ defaultValues: emptyBooking(pickupDate ?? "") });
  const { register, control, handleSubmit, setError, setValue, formState } = form;
  const values = useWatch({ control });
  const [addons, setAddons] = useState<AddonChoices>({});
  // The server's refusal of a save, kept with what was sent: once the owner changes the vehicle, the
  // dates or anything else, it no longer speaks of the form on screen and is not shown (a walk's
  // finding: "no longer available" stayed under a vehicle the price panel said was free).
  const [refused, setRefused] = useState<{ message: string; sent: string } | null>(null);
  // A change refused because the booking moved on meanwhile (another tab, another person).
  const [stale, setStale] = useState(false);
  const [addonError, setAddonError] = useState<string | null>(null);

  const landingId = givenLandingId ?? (Number(values.landing_id) || null);
  const landing = landings.data?.find((candidate) => candidate.id === landingId);
  const timeZone = landing?.time_zone ?? DEFAULT_TIME_ZONE;
  const vehicles = useQuery({ ...vehiclesQuery(landingId ?? 0), enabled: open && landingId !== null });
  const locations = useQuery({ ...locationsQuery(landingId ?? 0), enabled: open && landingId !== null });
  useBookingDefaults({
    open,
    form,
    givenLandingId,
    landingId,
    landing,
    landings: landings.data,
    vehicles: vehicles.data,
    locations: locations.data,
    vehicleId,
    pickupDate,
    unit,
    onFresh: useCallback(() => {
      setAddons(editing ? addonChoicesOf(editing) : {});
      setRefused(null);
      setAddonError(null);
      setStale(false);
    }, [editing]),
    initial,
  });

  const current = { ...emptyBooking(""), ...values };
  const typed = JSON.stringify([current, addons]);
  const formError = refused?.sent === typed ? refused.message : null;
  const request = landingId !== null ? quoteRequest(current, addons) : null;
  const quote = useDeskQuote(landingId, open ? request : null, editing?.id);
  const problems = quote.data?.problems ?? [];
  const skipping = current.skip_rules && problems.some((problem) => problem.overridable);
  const vehicle = vehicles.data?.find((candidate) => String(candidate.id) === current.id_vehicle);
  const overCapacity = Object.fromEntries(
    capacityProblems(current, vehicle).map(({ field, key, max }) => [field, t(`api:${key}`, { max })]),
  );
  const askBirthDate =
    current.driver_birth_date !== "" ||
    formState.errors.driver_birth_date !== undefined ||
    (quote.data?.problems ?? []).some((problem) => problem.field === "driver_birth_date");

  const saver = useSaveBooking(editing);
  const saving = formState.isSubmitting || saver.pending;
  // What the owner chose or typed is not thrown away by a stray Escape, a tap outside or a reload:
  // closing asks first, and leaving the page asks the browser's question.
  const unsaved = open && Object.keys(formState.dirtyFields).length > 0;
  useLeaveGuard(unsaved);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const close = (next: boolean) => {
    if (!next && unsaved) setConfirmingClose(true);
    else onOpenChange(next);
  };
  const hasEmail = current.email.trim() !== "";
  // Nothing to send without an email; once one is typed the confirmation goes, unless the owner
  // unticks it (a walk's finding: it stayed unticked, and a walk-in who gave their email got nothing).
  useEffect(() => {
    setValue("notify_customer", hasEmail);
  }, [hasEmail, setValue]);

  const onSubmit = handleSubmit(async (typedValues) => {
    setRefused(null);
    setAddonError(null);
    if (landingId === null) {
      setError("landing_id", { type: "client", message: t("trip.landingRequired") }, { shouldFocus: true });
      return;
    }
    if (typedValues.id_vehicle === "") {
      setError("id_vehicle", { type: "client", message: t("trip.vehicleRequired") }, { shouldFocus: true });
      // The other fields it would be refused for are said in the same round, not one save later (a walk's finding).
      for (const { field, key } of fieldProblems(bookingRequest(typedValues, addons, skipping).body)) {
        if (field !== "id_vehicle") setError(field, { type: "client", message: key });
      }
      return;
    }
    const { body, problem } = bookingRequest(typedValues, addons, skipping);
    if (problem) {
      // The fields the API would refuse are said with it, the first in the form's order focused.
      const problems = [...fieldProblems(body), problem];
      problems.forEach(({ field, key }, index) => {
        setError(field, { type: "client", message: key }, { shouldFocus: index === 0 });
      });
      return;
    }
    try {
      const answer = await saver.save(landingId, body);
      notify.success(TOAST, answer.message);
      onOpenChange(false);
      onSaved?.(answer.reservation);
    } catch (error) {
      const unplaced = placeServerErrors(error, setError);
      const taken = error instanceof ApiError && error.rules?.includes("availability");
      // Cancelled, declined or out on rent meanwhile (another tab): nothing to reload and apply
      // again, so the dialog closes and says why; the lists behind it are read again.
      const ended = error instanceof ApiError && error.status === 409 && error.rules?.includes("status");
      if (editing && ended) {
        onOpenChange(false);
        notify.error(TOAST, error.message);
      } else if (editing && error instanceof ApiError && error.status === 409 && !taken) setStale(true);
      else if (unplaced.length > 0) setAddonError(unplaced.join(" "));
      else if (error instanceof ApiError && error.status === 422) return;
      // The session ended: the sign-in dialog says so and keeps this form; signed in again, the
      // owner saves once more. A message left here would outlive the session it spoke of.
      else if (error instanceof ApiError && error.status === 401) return;
      else
        setRefused({
          message:
            error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : t("dialog.error"),
          sent: typed,
        });
    }
  });

  let body: ReactNode;
  // Guardar only beside a form that can make a booking: not over the loading, a failed load, or a
  // landing with no vehicles or places (what to do first is said instead).
  let canSave = false;
  const loadingLists = landingId !== null && (vehicles.isPending || locations.isPending);
  const listError = vehicles.isError || locations.isError || landings.isError;
  const loading = landings.isPending || loadingLists;
  if (loading) body = <FormLoading />;
  else if (listError)
    body = (
      <FormLoadError
        retrying={landings.isFetching || vehicles.isFetching || locations.isFetching}
        onRetry={() => {
          void landings.refetch();
          if (landingId !== null) {
            void vehicles.refetch();
            void locations.refetch();
          }
        }}
      />
    );
  else if ((landings.data ?? []).length === 0) body = <NothingToBook reason="landings" />;
  else {
    const fleet = vehicles.data ?? [];
    const pairs = withOwnPlaces(locations.data ?? [], editing);
    const missing = landingId === null ? null : fleet.length === 0 ? "vehicles" : pairs.length === 0 ? "places" : null;
    canSave = missing === null;
    body = (
      <form id={FORM_ID} noValidate onSubmit={onSubmit} className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <Section title={t("trip.title")}>
            <TripFields
              register={register}
              errors={formState.errors}
              landings={givenLandingId ? null : (landings.data ?? [])}
              vehicles={fleet}
              vehicle={editing ? undefined : vehicle}
              overCapacity={overCapacity}
              pairs={pairs}
              pickup={current.place_of_departure}
              askBirthDate={askBirthDate}
              minDate={todayIn(timeZone)}
            />
            {missing && <NothingToBook reason={missing} landingId={landingId ?? undefined} />}
          </Section>
          {landing && !missing && (
            <Section title={t("extras.title")}>
              <ExtrasField
                addons={landing.addons}
                currency={landing.currency}
                chosen={addons}
                onChange={setAddons}
                error={addonError}
              />
            </Section>
          )}
          <Section title={t("customer.title")}>
            <CustomerFields
              register={register}
              errors={formState.errors}
              hasEmail={hasEmail}
              changing={editing !== undefined}
              customersComment={editing !== undefined && editing.source !== "manual"}
              commentLength={textLength(current.description.trim())}
              landingLanguage={landing && isLanguage(landing.default_language) ? landing.default_language : undefined}
            />
          </Section>
        </div>
        <div className="min-w-0">
          <Section title={t("price.title")}>
            <PricePanel
              quote={quote.data}
              incomplete={request === null}
              loading={quote.isFetching}
              error={quote.error}
              currency={landing?.currency ?? "USD"}
              register={register}
              errors={formState.errors}
              skipping={skipping}
            >
              <RulesOverride problems={problems} skipping={skipping} register={register} errors={formState.errors} />
            </PricePanel>
          </Section>
        </div>
      </form>
    );
  }

  return (
    <Sheet
      open={open}
      onOpenChange={close}
      busy={saving}
      loading={loading}
      title={
        editing ? (
          // The reference on one line: at 320 px it broke after "NLY-" (a walk's finding).
          <Trans
            t={t}
            i18nKey="dialog.changeTitle"
            values={{ reference: editing.reference }}
            components={{ ref: <span className="whitespace-nowrap" /> }}
          />
        ) : (
          t("dialog.title")
        )
      }
      description={editing ? t("dialog.changeDescription") : t("dialog.description")}
      footer={
        <>
          {formError && <Alert>{formError}</Alert>}
          {stale && onReload && <StaleDataAlert onReload={onReload} />}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => close(false)} disabled={saving}>
              {t("translation:common.cancel")}
            </Button>
            {canSave && (
              <Button type="submit" form={FORM_ID} loading={saving} disabled={saving}>
                {saving ? t("dialog.saving") : editing ? t("dialog.saveChange") : t("dialog.save")}
              </Button>
            )}
          </div>
        </>
      }
    >
      {body}
      <ConfirmDialog
        open={confirmingClose}
        onOpenChange={setConfirmingClose}
        title={t(editing ? "dialog.discardChangeTitle" : "dialog.discardTitle")}
        description={t("dialog.discardBody")}
        confirmLabel={t("dialog.discard")}
        destructive
        onConfirm={() => {
          setConfirmingClose(false);
          onOpenChange(false);
        }}
      />
    </Sheet>
  );
}

type Pair = { place_of_departure: string; arrival_place: string };

/**
 * The landing's pairs of places, and, for a change, the booking's own pair even when the landing no
 * longer offers it (a place deleted since): the server keeps a change's own places, and without
 * them the form's places were blank.
 */
function withOwnPlaces<T extends Pair>(offered: T[], editing: Reservation | undefined): Pair[] {
  if (!editing) return offered;
  const own = { place_of_departure: editing.place_of_departure, arrival_place: editing.arrival_place };
  const kept = offered.some(
    (pair) => pair.place_of_departure === own.place_of_departure && pair.arrival_place === own.arrival_place,
  );
  return kept ? offered : [...offered, own];
}
