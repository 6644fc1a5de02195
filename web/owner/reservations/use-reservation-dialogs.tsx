import { DEFAULT_TIME_ZONE } from "@domain/landings";
import { CHANGEABLE_STATUSES, type Reservation, type ReservationStatus } from "@domain/reservations";
import { currentLanguage } from "@web/i18n/setup";
import { ApiError, isNotFound } from "@web/lib/api";
import { formatMoney } from "@web/lib/format";
import { notify } from "@web/lib/notify";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ManualBookingDialog } from "../desk";
import { useChangeReservationStatus, useDeleteReservation } from "./api";
import { CancelReservationDialog } from "./cancel-reservation-dialog";
import { DeleteReservationDialog } from "./delete-reservation-dialog";
import { NoShowDialog } from "./no-show-dialog";
import { OWNER_MOVES } from "./reservation-detail-actions";
import { ReservationDetailDialog } from "./reservation-detail-dialog";
import { TransferReceivedDialog } from "./transfer-received-dialog";

/** Which dialog a refused move (409) is told in. */
type Where = "detail" | "cancel" | "noShow" | "transfer";

/** What the dialogs need to know of a reservation's landing. */
export type LandingInfo = { id: number; display_name: string; time_zone: string };

/** The newer of what the list shows now and what the last answer said. */
function freshest(snapshot: Reservation, listed: Reservation[]): Reservation {
  const shown = listed.find((reservation) => reservation.id === snapshot.id);
  return shown && shown.updated_at >= snapshot.updated_at ? shown : snapshot;
}

/**
 * The detail, cancel, no-show, transfer received and delete dialogs of a reservations list, and the calls behind them.
 * One request at a time: a double click, or a click while another change is on its way, sends nothing.
 */
export function useReservationDialogs(listed: Reservation[], landingFor: (id: number) => LandingInfo | undefined) {
  const { t } = useTranslation("reservations");
  const [detail, setDetail] = useState<Reservation | null>(null);
  // Whether the shown detail is the one the page's address was opened for (`open`'s `fromAddress`).
  const [detailFromAddress, setDetailFromAddress] = useState(false);
  const [cancelling, setCancelling] = useState<Reservation | null>(null);
  const [markingNoShow, setMarkingNoShow] = useState<Reservation | null>(null);
  const [markingTransfer, setMarkingTransfer] = useState<Reservation | null>(null);
  const [deleting, setDeleting] = useState<Reservation | null>(null);
  // The booking being changed stays while its sheet closes, so its title does not flip meanwhile.
  const [changing, setChanging] = useState<{ reservation: Reservation; open: boolean } | null>(null);
  // Back from Cambiar without saving: its button, in the detail opened again, takes the focus.
  const [backFromChange, setBackFromChange] = useState(false);
  const [refusal, setRefusal] = useState<{ where: Where; message: string } | null>(null);
  const change = useChangeReservationStatus();
  const remove = useDeleteReservation();
  const inFlight = useRef(false);

  const shownDetail = detail ? freshest(detail, listed) : null;
  const shownCancel = cancelling ? freshest(cancelling, listed) : null;
  const shownNoShow = markingNoShow ? freshest(markingNoShow, listed) : null;
  const shownTransfer = markingTransfer ? freshest(markingTransfer, listed) : null;
  const landing = (reservation: Reservation | null) => (reservation ? landingFor(reservation.id_landing) : undefined);
  const timeZone = (reservation: Reservation | null) => landing(reservation)?.time_zone ?? DEFAULT_TIME_ZONE;

  const closeAll = () => {
    setDetail(null);
    setCancelling(null);
    setMarkingNoShow(null);
    setMarkingTransfer(null);
    setDeleting(null);
    setRefusal(null);
  };

  const gone = (reservation: Reservation) => {
    closeAll();
    notify.info(`reservation:${reservation.id}`, t("detail.gone"));
  };

  const move = (reservation: Reservation, status: ReservationStatus, where: Where, waiveFee = false) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setRefusal(null);
    const action = `reservation-status:${reservation.id}`;
    change.mutate(
      { reservation, status, waiveFee },
      {
        onSuccess: ({ reservation: updated }) => {
          setDetail((shown) => (shown && shown.id === updated.id ? updated : shown));
          if (status === "cancelled") {
            setCancelling(null);
            const feeCents = updated.cancellation_fee_cents ?? 0;
            const fee = formatMoney(feeCents, updated.currency, currentLanguage());
            const done =
              reservation.status === "pending" ? "decline.done" : feeCents > 0 ? "cancel.done" : "cancel.doneNoFee";
            notify.success(action, t(done, { reference: updated.reference, fee }));
          } else {
            if (status === "no_show") setMarkingNoShow(null);
            if (status === "confirmed") setMarkingTransfer(null);
            const done = status === "confirmed" ? "confirmed" : status === "no_show" ? "noShowDone" : "completed";
            notify.success(action, t(`detail.${done}`, { reference: updated.reference }));
          }
        },
        onError: (error) => {
          if (isNotFound(error)) gone(reservation);
          else if (error instanceof ApiError && error.status === 409) setRefusal({ where, message: error.message });
          else if (error instanceof ApiError && error.status === 0) notify.error(action, t("detail.changeUnreachable"));
          else notify.error(action, t("detail.changeError"));
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting || inFlight.current) return;
    inFlight.current = true;
    const target = deleting;
    const action = `reservation-delete:${target.id}`;
    remove.mutate(target, {
      onSuccess: () => {
        notify.success(action, t("delete.success"));
        setDeleting(null);
        setDetail((shown) => (shown && shown.id === target.id ? null : shown));
      },
      onError: (error) => {
        if (isNotFound(error)) gone(target);
        else if (error instanceof ApiError && error.status === 409) {
          // Its money is on record (issue 27): the answer says to cancel it instead.
          setDeleting(null);
          notify.error(action, error.message);
        } else notify.error(action, t("delete.error"));
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  const pendingMove = change.isPending ? change.variables?.status : undefined;
  const pending = remove.isPending ? "deleting" : (OWNER_MOVES.find((move) => move === pendingMove) ?? null);

  const dialogs = (
    <>
      <ReservationDetailDialog
        reservation={shownDetail}
        landingName={landing(shownDetail)?.display_name ?? shownDetail?.name_landing ?? ""}
        timeZone={timeZone(shownDetail)}
        pending={pending}
        refusal={refusal?.where === "detail" ? refusal.message : null}
        backLeaves={detailFromAddress}
        focusMove={backFromChange ? "change" : undefined}
        onClose={() => {
          setDetail(null);
          setRefusal(null);
          setBackFromChange(false);
        }}
        onUpdated={(updated) => setDetail((shown) => (shown && shown.id === updated.id ? updated : shown))}
        onConfirm={() => {
          if (!shownDetail) return;
          // A transfer received records money and cannot be unmarked: asked first.
          if (shownDetail.status === "awaiting_payment") {
            setRefusal(null);
            setMarkingTransfer(shownDetail);
          } else move(shownDetail, "confirmed", "detail");
        }}
        onComplete={() => shownDetail && move(shownDetail, "completed", "detail")}
        onNoShow={() => {
          setRefusal(null);
          setMarkingNoShow(shownDetail);
        }}
        onCancel={() => {
          setRefusal(null);
          setCancelling(shownDetail);
        }}
        onChange={() => {
          setRefusal(null);
          setBackFromChange(false);
          if (shownDetail) setChanging({ reservation: shownDetail, open: true });
          setDetail(null);
        }}
        onDelete={() => setDeleting(shownDetail)}
      />
      <ManualBookingDialog
        open={changing?.open ?? false}
        onOpenChange={(open) => {
          setChanging((shown) => shown && { ...shown, open });
          // Closed without saving: back to the booking's detail it was opened from (a walk's
          // finding: "Cancelar" dropped the owner on the list). Saved, `onSaved` shows it as changed.
          if (!open && changing) {
            setBackFromChange(true);
            setDetail(freshest(changing.reservation, listed));
          }
        }}
        editing={changing?.reservation}
        // Back to the booking's detail, as changed: its new price and its history (a walk's finding:
        // the owner had to find and open it again to see what the change did).
        onSaved={setDetail}
        onReload={() => {
          if (!changing) return;
          const fresh = freshest(changing.reservation, listed);
          // Declined, cancelled, out on rent or over meanwhile: there is nothing left to change.
          if (!CHANGEABLE_STATUSES.includes(fresh.status)) {
            setChanging({ reservation: fresh, open: false });
            notify.info(`reservation:${fresh.id}`, t("detail.notChangeable"));
            return;
          }
          setChanging({ reservation: fresh, open: true });
        }}
      />
      <CancelReservationDialog
        reservation={shownCancel}
        timeZone={timeZone(shownCancel)}
        pending={pendingMove === "cancelled"}
        refusal={refusal?.where === "cancel" ? refusal.message : null}
        onClose={() => {
          setCancelling(null);
          setRefusal(null);
        }}
        onConfirm={(waiveFee) => shownCancel && move(shownCancel, "cancelled", "cancel", waiveFee)}
      />
      <NoShowDialog
        reservation={shownNoShow}
        pending={pendingMove === "no_show"}
        refusal={refusal?.where === "noShow" ? refusal.message : null}
        onClose={() => {
          setMarkingNoShow(null);
          setRefusal(null);
        }}
        onConfirm={() => shownNoShow && move(shownNoShow, "no_show", "noShow")}
      />
      <TransferReceivedDialog
        reservation={shownTransfer}
        pending={pendingMove === "confirmed"}
        refusal={refusal?.where === "transfer" ? refusal.message : null}
        onClose={() => {
          setMarkingTransfer(null);
          setRefusal(null);
        }}
        onConfirm={() => shownTransfer && move(shownTransfer, "confirmed", "transfer")}
      />
      <DeleteReservationDialog
        reservation={deleting}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </>
  );

  return {
    /** The booking whose detail is open, or being changed from it, or null. */
    shownId: shownDetail?.id ?? (changing?.open ? changing.reservation.id : null),
    /** Opens a booking's detail; `fromAddress` when the page's address asked for it (`backLeaves`). */
    open: (reservation: Reservation, { fromAddress = false }: { fromAddress?: boolean } = {}) => {
      setRefusal(null);
      setDetail(reservation);
      setDetailFromAddress(fromAddress);
    },
    askDelete: (reservation: Reservation) => setDeleting(reservation),
    dialogs,
  };
}
