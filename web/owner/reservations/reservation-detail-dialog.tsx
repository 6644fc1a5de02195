import type { Reservation } from "@domain/reservations";
import * as RadixDialog from "@radix-ui/react-dialog";
import { currentLanguage } from "@web/i18n/setup";
import { formatWhen } from "@web/lib/format";
import { useClosesOnBack } from "@web/ui/back-closes";
import { Button } from "@web/ui/button";
import { useClearsEarlierToasts } from "@web/ui/dialog";
import { useDoubleClickGuard } from "@web/ui/double-click-guard";
import { useReturnFocus } from "@web/ui/return-focus";
import { UnbrokenWhen } from "@web/ui/unbroken-when";
import { Trash2, X } from "lucide-react";
import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { ExpressBadge } from "./express-badge";
import { cancelledByKey, createdAt, pickupHasCome } from "./format";
import { PaymentActions } from "./payment-actions";
import { ReceivedPayments } from "./received-payments";
import { ReservationCustomer } from "./reservation-customer";
import { type DetailActionsProps, ReservationDetailActions } from "./reservation-detail-actions";
import { ReservationHistory } from "./reservation-history";
import { ReservationPrice } from "./reservation-price";
import { VehiclePhoto } from "./reservation-table";
import { RulesOverrideNote } from "./rules-override-note";
import { SourceBadge } from "./source-badge";
import { ReservationStatusBadge } from "./status-badge";
import { UnitAssignment } from "./unit-assignment";

type DetailDialogProps = Omit<DetailActionsProps, "reservation" | "pickedUp"> & {
  reservation: Reservation | null;
  landingName: string;
  timeZone: string;
  /** The owner moved the booking's money (a refund, the deposit): the booking as it stands now. */
  onUpdated: (reservation: Reservation) => void;
  /**
   * The page was opened for this booking (a link from Inicio or an email, a reload): it is the page,
   * so the browser's Back leaves with it, to where the owner came from, rather than closing it first.
   */
  backLeaves?: boolean;
  /**
   * The move whose button takes the focus as the detail opens: "change" when the owner comes back
   * from Cambiar without saving (an audit's finding: the focus went to Cerrar, the owner's place lost).
   */
  focusMove?: string;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-xs font-semibold tracking-wide text-gray-600 uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Place({ label, place, date, time }: { label: string; place: string; date: string; time: string }) {
  const language = currentLanguage();
  return (
    <div className="min-w-0 rounded-lg border border-gray-200 p-3">
      <p className="text-xs font-medium text-gray-600">{label}</p>
      <p className="mt-0.5 font-medium break-words text-gray-900">{place}</p>
      <p className="text-sm text-gray-700 tabular-nums">
        <UnbrokenWhen>{formatWhen(date, time, language)}</UnbrokenWhen>
      </p>
    </div>
  );
}

/** Everything about one reservation, its price breakdown, and what can be done with it now. */
export function ReservationDetailDialog({
  reservation,
  landingName,
  timeZone,
  pending,
  refusal,
  onClose,
  onConfirm,
  onComplete,
  onNoShow,
  onCancel,
  onChange,
  onDelete,
  onUpdated,
  backLeaves = false,
  focusMove,
}: DetailDialogProps) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  // Completed means returned: not offered before the pickup time has come (the server refuses it too).
  const pickedUp = reservation !== null && pickupHasCome(reservation, timeZone, new Date());
  const endedBy = reservation ? cancelledByKey(reservation) : null;
  const busy = pending !== null;
  const returnFocus = useReturnFocus(reservation !== null);
  const close = () => {
    if (!busy) onClose();
  };
  const guard = useDoubleClickGuard(reservation !== null, close);
  useClearsEarlierToasts(reservation !== null);
  useClosesOnBack(reservation !== null && !backLeaves, close);

  return (
    <RadixDialog.Root
      open={reservation !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          {...guard.overlay}
          className="fixed inset-0 z-50 bg-gray-950/50 data-[state=open]:animate-fade-in"
        />
        <RadixDialog.Content
          onOpenAutoFocus={(event) => {
            const target = focusMove
              ? (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(`[data-move="${focusMove}"]`)
              : null;
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          onCloseAutoFocus={returnFocus}
          {...guard.content}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-var(--spacing)*8)] w-[calc(100vw-var(--spacing)*8)] max-w-4xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-lg bg-white shadow-xl data-[state=open]:animate-pop-in short:overflow-y-auto"
        >
          {reservation && (
            <>
              <div className="flex items-start justify-between gap-4 border-b border-gray-200 px-5 pt-5 pb-4 sm:px-6">
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <RadixDialog.Title className="text-lg font-semibold text-gray-900">
                      <Trans
                        t={t}
                        i18nKey="detail.title"
                        values={{ reference: reservation.reference }}
                        // Whole on its line, unless the text is large for the screen: then it may end a
                        // line at its hyphen rather than run out of the dialog.
                        components={{ ref: <span className="whitespace-nowrap cramped:whitespace-normal" /> }}
                      />
                    </RadixDialog.Title>
                    <ReservationStatusBadge status={reservation.status} />
                    <SourceBadge source={reservation.source} />
                    <ExpressBadge
                      done={reservation.status === "confirmed" && reservation.express_completed_at !== null}
                    />
                  </div>
                  <RadixDialog.Description className="mt-1 text-sm text-gray-600">
                    <Trans
                      t={t}
                      i18nKey="detail.createdAt"
                      values={{ date: createdAt(reservation, timeZone, language) }}
                      components={{ date: <UnbrokenWhen /> }}
                    />{" "}
                    · {landingName}
                    {endedBy && ` · ${t(endedBy)}`}
                  </RadixDialog.Description>
                </div>
                <RadixDialog.Close
                  aria-label={t("detail.close")}
                  disabled={busy}
                  className="-mt-2 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-lg text-gray-500 hover:bg-gray-100 hover:text-gray-900 disabled:opacity-60"
                >
                  <X aria-hidden="true" className="size-5" />
                </RadixDialog.Close>
              </div>

              {/* On a short screen (a phone on its side) the whole dialog scrolls: its title and
                  actions would leave the body a strip. */}
              <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6 short:flex-none short:overflow-visible">
                <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_19rem]">
                  <div className="flex min-w-0 flex-col gap-6">
                    <Section title={t("detail.vehicle")}>
                      <div className="flex items-center gap-3">
                        <VehiclePhoto src={reservation.vehicle.image} className="h-16 w-24 shrink-0" />
                        <div className="min-w-0">
                          <p className="font-semibold break-words text-gray-900">{reservation.vehicle.name}</p>
                          <p className="text-sm text-gray-600">
                            {t("detail.people", { count: reservation.number_person })}
                            {/* The site never asks for bags: "0 maletas" would be a figure nobody gave. */}
                            {reservation.number_bag > 0 && ` · ${t("detail.bags", { count: reservation.number_bag })}`}
                          </p>
                        </div>
                      </div>
                    </Section>
                    <Section title={t("detail.trip")}>
                      <div className="grid gap-3 sm:grid-cols-2">
                        <Place
                          label={t("detail.pickup")}
                          place={reservation.place_of_departure}
                          date={reservation.date_of_departure}
                          time={reservation.time_of_departure}
                        />
                        <Place
                          label={t("detail.return")}
                          place={reservation.arrival_place}
                          date={reservation.date_of_arrival}
                          time={reservation.time_of_arrival}
                        />
                      </div>
                      <p className="text-sm text-gray-700">{t("detail.days", { count: reservation.days })}</p>
                      <UnitAssignment key={reservation.id} reservation={reservation} />
                      {reservation.rules_override && <RulesOverrideNote override={reservation.rules_override} />}
                    </Section>
                    <Section title={t("detail.customer")}>
                      <ReservationCustomer reservation={reservation} />
                    </Section>
                  </div>
                  <div className="flex min-w-0 flex-col gap-6">
                    <ReservationPrice reservation={reservation} timeZone={timeZone} />
                    <PaymentActions reservation={reservation} timeZone={timeZone} onUpdated={onUpdated} />
                    <ReceivedPayments reservation={reservation} timeZone={timeZone} onUpdated={onUpdated} />
                    <ReservationHistory reservation={reservation} timeZone={timeZone} />
                  </div>
                </div>
                <div className="mt-6 border-t border-gray-100 pt-4 sm:hidden">
                  <Button
                    variant="ghost"
                    onClick={onDelete}
                    disabled={busy}
                    className="w-full text-red-700 hover:bg-red-50 hover:text-red-800"
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    {t("detail.delete")}
                  </Button>
                </div>
              </div>

              <ReservationDetailActions
                reservation={reservation}
                pickedUp={pickedUp}
                pending={pending}
                refusal={refusal}
                onClose={onClose}
                onConfirm={onConfirm}
                onComplete={onComplete}
                onNoShow={onNoShow}
                onCancel={onCancel}
                onChange={onChange}
                onDelete={onDelete}
              />
            </>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
