import { counterRulesOf } from "@domain/counter";
import { DEFAULT_TIME_ZONE } from "@domain/landings";
import { endedWithoutRental } from "@domain/picked-up";
import { toLocal } from "@domain/rental-time";
import type { Reservation } from "@domain/reservations";
import { reservationDetailPath } from "@domain/reservations";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { currentLanguage } from "@web/i18n/setup";
import { isNotFound } from "@web/lib/api";
import { formatWhen } from "@web/lib/format";
import { useSession } from "@web/owner/auth";
import { landingQuery } from "@web/owner/landings";
import { Alert } from "@web/ui/alert";
import { ButtonLink } from "@web/ui/button-link";
import { ErrorState } from "@web/ui/error-state";
import { Notice } from "@web/ui/notice";
import { PageHeader } from "@web/ui/page-header";
import { Skeleton } from "@web/ui/skeleton";
import { UnbrokenWhen } from "@web/ui/unbroken-when";
import { ArrowLeft, Zap } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ReceivedPayments, ReservationStatusBadge, reservationQuery } from "../reservations";
import { AgreementCard } from "./agreement-card";
import { counterQuery } from "./api";
import { ChargesAcceptance } from "./charges-acceptance";
import { CheckInForm } from "./check-in-form";
import { CheckOutForm } from "./check-out-form";
import { CounterConflictContext } from "./form-state";
import { HandoverSummary } from "./handover-summary";

/** The booking the counter works on: who, which car, when, and its status. */
function BookingHeader({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  return (
    <div className="mb-6 flex flex-col gap-1 rounded-lg bg-gray-50 px-4 py-3 text-sm ring-1 ring-gray-200 cramped:px-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-gray-900">{reservation.reference}</span>
        <ReservationStatusBadge status={reservation.status} />
      </div>
      <p className="text-gray-800">
        {`${reservation.name} ${reservation.last_name}`.trim()} · {reservation.vehicle.name}
      </p>
      <p className="text-gray-600">
        {/* Each date and each time is one word: never "03-" / "12-2026" on a phone. */}
        <Trans
          t={t}
          i18nKey="counter.period"
          values={{
            pickup: formatWhen(reservation.date_of_departure, reservation.time_of_departure, language),
            dropoff: formatWhen(reservation.date_of_arrival, reservation.time_of_arrival, language),
          }}
          components={{ date: <UnbrokenWhen /> }}
        />
      </p>
    </div>
  );
}

/**
 * A check-out, a check-in or a signature refused because the booking moved on meanwhile (another
 * tab, a colleague): what the server said, and the status the page now shows, read again. Brought
 * into view, since the form that was sent may be gone.
 */
function ConflictAlert({ reason, reservation }: { reason: string; reservation: Reservation }) {
  const { t } = useTranslation("reservations");
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView({ block: "center" });
    box.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div ref={box} tabIndex={-1} className="mb-6 outline-none" data-testid="counter-conflict">
      <Alert>
        <p className="font-semibold">{t("counter.conflictTitle")}</p>
        <p>{reason}</p>
        <p>{t("counter.conflictNow", { status: t(`status.${reservation.status}`) })}</p>
      </Alert>
    </div>
  );
}

/**
 * Where the focus goes once the booking moves on (a check-out or a check-in recorded here): the
 * form that had it is gone, and the next step's first heading takes it (the agreement to sign,
 * what was recorded), rather than the page. A focus already taken (a conflict's alert) is kept.
 */
function useNextStepFocus(status: string | undefined) {
  const step = useRef<HTMLDivElement>(null);
  const shown = useRef(status);
  useEffect(() => {
    const before = shown.current;
    shown.current = status;
    if (before === undefined || before === status) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    // The step just recorded when it says which it is (the return), else the first one shown.
    const heading =
      step.current?.querySelector<HTMLElement>("[data-recorded-step]") ??
      step.current?.querySelector<HTMLElement>("h2, h3");
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, [status]);
  return step;
}

/**
 * "Mostrador" (issue 28): one booking at the counter, on a phone, a tablet or a desktop. A
 * confirmed booking is checked out from its pickup day; one on rent is checked in; after that the
 * page shows what was recorded and what the return cost.
 */
export function CounterPage() {
  const { t } = useTranslation("reservations");
  const id = Number(useParams().id);
  const userId = useSession()?.userId ?? 0;
  const valid = Number.isSafeInteger(id) && id > 0;
  const booking = useQuery({ ...reservationQuery(id), enabled: valid });
  // The last refusal because the booking moved on, with a count so a second one is shown again.
  const [conflict, setConflict] = useState<{ reason: string; seen: number } | null>(null);
  // A check-out noted here and recorded elsewhere meanwhile (another tab, a colleague's device).
  const [notedElsewhere, setNotedElsewhere] = useState(false);
  const statusNow = useRef<string | undefined>(undefined);
  // "Corregir devolución" open: the return's form, prefilled, in place of what was recorded.
  const [correcting, setCorrecting] = useState(false);
  const counter = useQuery({ ...counterQuery(id), enabled: valid });
  const queryClient = useQueryClient();
  const landing = useQuery({ ...landingQuery(userId, booking.data?.id_landing ?? 0), enabled: !!booking.data });
  const step = useNextStepFocus(booking.data?.status);
  statusNow.current = booking.data?.status;
  const missing = !valid || isNotFound(booking.error) || isNotFound(counter.error);
  // Back to the booking's own detail, over the list, where the counter was opened from.
  const back = (
    <ButtonLink to={missing ? "/reservation" : reservationDetailPath(id)} variant="secondary">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t("counter.back")}
    </ButtonLink>
  );
  const header = <PageHeader title={t("counter.title")} description={t("counter.description")} actions={back} />;

  if (missing) {
    return (
      <>
        {header}
        <ErrorState title={t("counter.missingTitle")} description={t("counter.missing")} />
      </>
    );
  }
  if (booking.isError || counter.isError) {
    return (
      <>
        {header}
        <ErrorState
          onRetry={() => {
            void booking.refetch();
            void counter.refetch();
          }}
          retrying={booking.isFetching || counter.isFetching}
        />
      </>
    );
  }
  // The landing's time zone too: the check-out's day and the return time are read on its clock.
  if (!booking.data || !counter.data || landing.isPending) {
    return (
      <>
        {header}
        <div className="flex flex-col gap-4" aria-busy="true">
          <p className="sr-only" role="status">
            {t("counter.loading")}
          </p>
          <Skeleton className="h-20" />
          <Skeleton className="h-64" />
        </div>
      </>
    );
  }
  const reservation = booking.data;
  const timeZone = landing.data?.time_zone ?? DEFAULT_TIME_ZONE;
  const pickupDay = toLocal(new Date(), timeZone).date >= reservation.date_of_departure;
  const checkIn = counter.data.check_in;
  // The rates the customer signed for, as the return is priced (the landing's of now without them).
  const returnRules = counter.data.signed_rules ?? counterRulesOf(landing.data?.counter_rules);
  const agreement = (counter.data.check_out || counter.data.agreements.length > 0) && (
    <AgreementCard
      reservation={reservation}
      agreements={counter.data.agreements}
      mainDriver={(counter.data.check_out?.drivers ?? counter.data.express_drivers)[0]?.name ?? ""}
      timeZone={timeZone}
    />
  );
  // Money taken here (cash, the operator's card terminal) is recorded here, at each step.
  const money = (
    <ReceivedPayments
      reservation={reservation}
      timeZone={timeZone}
      onUpdated={(updated) => queryClient.setQueryData(reservationQuery(id).queryKey, updated)}
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-xs sm:p-5"
    />
  );
  return (
    <CounterConflictContext.Provider value={(reason) => setConflict({ reason, seen: (conflict?.seen ?? 0) + 1 })}>
      {header}
      <BookingHeader reservation={reservation} />
      {conflict && <ConflictAlert key={conflict.seen} reason={conflict.reason} reservation={reservation} />}
      {notedElsewhere && !conflict && reservation.status !== "confirmed" && (
        <div className="mb-6" data-testid="counter-noted-elsewhere">
          <Notice>{t("counter.notedElsewhere")}</Notice>
        </div>
      )}
      <div ref={step} className="contents">
        {reservation.status === "confirmed" &&
          (pickupDay ? (
            <div className="flex flex-col gap-6">
              {reservation.express_completed_at && (
                <p
                  className="flex items-start gap-2 rounded-lg bg-green-50 px-4 py-3 text-sm text-green-900 ring-1 ring-green-200"
                  data-testid="express-done"
                >
                  <Zap aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {t("express.doneNotice")}
                </p>
              )}
              {agreement}
              <CheckOutForm
                reservation={reservation}
                counter={counter.data}
                onGoneUnsent={() => {
                  // Gone because the booking moved on, not because the page is left.
                  if (statusNow.current !== "confirmed") setNotedElsewhere(true);
                }}
              />
              {money}
            </div>
          ) : (
            <Notice>
              <Trans
                t={t}
                i18nKey="counter.notYet"
                values={{
                  date: formatWhen(reservation.date_of_departure, reservation.time_of_departure, currentLanguage()),
                }}
                components={{ date: <UnbrokenWhen /> }}
              />
            </Notice>
          ))}
        {reservation.status === "on_rent" && (
          <div className="flex flex-col gap-6">
            {agreement}
            <HandoverSummary reservation={reservation} counter={counter.data} timeZone={timeZone} />
            {money}
            {/* PRODUCT §12: the agreement is signed at check-out; a return without it is said, not refused. */}
            {counter.data.agreements.length === 0 && (
              <div data-testid="unsigned-at-return">
                <Notice>{t("counter.unsignedAtReturn")}</Notice>
              </div>
            )}
            <CheckInForm reservation={reservation} counter={counter.data} timeZone={timeZone} rules={returnRules} />
          </div>
        )}
        {(reservation.status === "returned" || reservation.status === "completed") && correcting && (
          <div className="flex flex-col gap-4">
            <div>
              <h2 className="text-base font-semibold text-gray-900">{t("counter.correctTitle")}</h2>
              <p className="mt-1 text-sm text-gray-700">{t("counter.correctHint")}</p>
            </div>
            <CheckInForm
              reservation={reservation}
              counter={counter.data}
              timeZone={timeZone}
              rules={returnRules}
              correcting={{ onDone: () => setCorrecting(false), onCancel: () => setCorrecting(false) }}
            />
          </div>
        )}
        {(reservation.status === "returned" || reservation.status === "completed") && !correcting && (
          <div className="flex flex-col gap-6">
            <HandoverSummary
              reservation={reservation}
              counter={counter.data}
              timeZone={timeZone}
              onCorrect={() => setCorrecting(true)}
            />
            {checkIn && checkIn.charges_total_cents > 0 && (
              <ChargesAcceptance
                reservation={reservation}
                accepted={checkIn.charges_accepted}
                fromDepositCents={checkIn.charges_from_deposit_cents}
                chargesTotalCents={checkIn.charges_total_cents}
                signer={counter.data.check_out?.drivers[0]?.name ?? ""}
                timeZone={timeZone}
              />
            )}
            {money}
            {agreement}
          </div>
        )}
        {(reservation.status === "pending" || reservation.status === "awaiting_payment") && (
          <Notice>{t("counter.notConfirmed")}</Notice>
        )}
        {endedWithoutRental(reservation.status) && (
          <Notice>{t(reservation.status === "cancelled" ? "counter.closedCancelled" : "counter.closedNoShow")}</Notice>
        )}
      </div>
    </CounterConflictContext.Provider>
  );
}
