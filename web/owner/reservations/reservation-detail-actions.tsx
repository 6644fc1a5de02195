import { chargesAwaiting } from "@domain/payments";
import { CHANGEABLE_STATUSES, nextStatuses, type Reservation } from "@domain/reservations";
import { currentLanguage } from "@web/i18n/setup";
import { cn } from "@web/lib/cn";
import { formatMoney } from "@web/lib/format";
import { swallowRepeatClick } from "@web/lib/repeat-click";
import { Alert } from "@web/ui/alert";
import { Button } from "@web/ui/button";
import { ButtonLink } from "@web/ui/button-link";
import { Ban, Check, CheckCheck, KeyRound, type LucideIcon, Pencil, Trash2, Undo2, UserX } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { counterPath } from "./api";

/** The moves an owner makes from a reservation's detail (the counter's are its own screens). */
export const OWNER_MOVES = ["confirmed", "completed", "no_show", "cancelled"] as const;
export type OwnerMove = (typeof OWNER_MOVES)[number];

/**
 * A button of the phone's grid, whose words wrap in a half-width cell (as every button's do), or in a
 * whole row where the text is large for the screen: half of it was narrower than "Rechazar".
 */
const PHONE_CELL = "max-sm:px-3 max-sm:py-2 max-sm:leading-tight cramped:col-span-1";

export type DetailActionsProps = {
  reservation: Reservation;
  /** Whether its pickup time has come: "completed" and "no-show" are offered only then. */
  pickedUp: boolean;
  /** Which status change is on its way, if any: every action waits for it. */
  pending: OwnerMove | "deleting" | null;
  /** The server refused a move (409): its message. */
  refusal: string | null;
  onClose: () => void;
  onConfirm: () => void;
  onComplete: () => void;
  /** Asks whether the customer never came (a no-show is final): nothing is sent until confirmed. */
  onNoShow: () => void;
  onCancel: () => void;
  onChange: () => void;
  onDelete: () => void;
};

/**
 * What can be done with a reservation now, at the foot of its detail: confirm, decline or cancel,
 * change (issue 25.21), complete once picked up, delete (beside them on a desktop; a phone has it
 * at the end of the detail).
 */
export function ReservationDetailActions(props: DetailActionsProps) {
  const {
    reservation,
    pickedUp,
    pending,
    refusal,
    onClose,
    onConfirm,
    onComplete,
    onNoShow,
    onCancel,
    onChange,
    onDelete,
  } = props;
  const { t } = useTranslation("reservations");
  // A card payment confirms its booking by itself (issue 27); the owner confirms a transfer received.
  const awaitingCard = reservation.status === "awaiting_payment" && reservation.payment?.channel !== "transfer";
  // A car handed over before its booked pickup and already back is completed all the same.
  const returned = reservation.status === "returned";
  const moves = nextStatuses(reservation.status).filter(
    (status) =>
      (status !== "completed" || pickedUp || returned) &&
      (status !== "no_show" || pickedUp) &&
      (status !== "confirmed" || !awaitingCard),
  );
  const changeable = CHANGEABLE_STATUSES.includes(reservation.status);
  const busy = pending !== null;
  const onRent = reservation.status === "on_rent";
  // What the detail offers, in the desktop's order; `main` is the move the booking waits for.
  const actions: { key: string; main?: boolean; render: (className: string) => ReactNode }[] = [];
  /** A move beside the main one: a button, or a link to the counter's screens. */
  const other = (key: string, Icon: LucideIcon | null, label: string, go: (() => void) | { to: string }) =>
    actions.push({
      key,
      render: (className) => {
        const content = (
          <>
            {Icon && <Icon aria-hidden="true" className="size-4" />}
            {label}
          </>
        );
        return typeof go === "function" ? (
          <Button variant="secondary" onClick={go} disabled={busy} className={className} data-move={key}>
            {content}
          </Button>
        ) : (
          <ButtonLink variant="secondary" to={go.to} className={className}>
            {content}
          </ButtonLink>
        );
      },
    });
  /** The move the booking waits for, with its spinner and its words while on its way. */
  const main = (move: "completed" | "confirmed", Icon: LucideIcon, label: string, going: string, go: () => void) =>
    actions.push({
      key: move,
      main: true,
      render: (className) => (
        <Button onClick={go} loading={pending === move} disabled={busy} className={className}>
          {pending !== move && <Icon aria-hidden="true" className="size-4" />}
          {pending === move ? going : label}
        </Button>
      ),
    });
  const counter = { to: counterPath(reservation.id) };
  if (moves.includes("cancelled"))
    other("cancel", Ban, reservation.status === "pending" ? t("detail.decline") : t("detail.cancel"), onCancel);
  if (changeable) other("change", Pencil, t("detail.change"), onChange);
  if (reservation.status === "confirmed") other("check-out", KeyRound, t("counter.checkOut"), counter);
  // The return is the main move of a car out on rent.
  if (onRent)
    actions.push({
      key: "check-in",
      main: true,
      render: (className) => (
        <ButtonLink to={counter.to} className={className}>
          <Undo2 aria-hidden="true" className="size-4" />
          {t("counter.checkIn")}
        </ButtonLink>
      ),
    });
  // The counter's record and the rental's documents (agreement, invoice) stay there after the return.
  if (returned || reservation.status === "completed") other("counter", Undo2, t("counter.open"), counter);
  // Asks first (no-show-dialog.tsx), which says what it does and shows it on its way.
  if (moves.includes("no_show")) other("no-show", UserX, t("detail.noShow"), onNoShow);
  if (moves.includes("completed"))
    main("completed", CheckCheck, t("detail.complete"), t("detail.completing"), onComplete);
  if (moves.includes("confirmed")) {
    const label = reservation.status === "awaiting_payment" ? t("detail.transferReceived") : t("detail.confirm");
    main("confirmed", Check, label, t("detail.confirming"), onConfirm);
  }
  if (moves.length === 0 && !changeable && !onRent) other("close", null, t("detail.close"), onClose);
  const mains = actions.filter((action) => action.main);
  const others = actions.filter((action) => !action.main);
  return (
    <div className="flex flex-col gap-3 border-t border-gray-200 px-5 py-4 sm:px-6">
      {refusal && <Alert>{refusal}</Alert>}
      {/* Said only where a move that writes to the customer is offered (not beside "completed" alone). */}
      {(moves.includes("confirmed") || moves.includes("cancelled")) && (
        <p className="text-xs text-gray-600">
          {t(reservation.email ? "detail.emailNote" : "detail.emailNoteNone")}
          {reservation.status === "confirmed" && !pickedUp && ` ${t("detail.completeAfterPickup")}`}
        </p>
      )}
      {/* Completing a booking never handed over at the counter closes it with no agreement, return or
          invoice: said beside the button, so it is a choice (a walk found it beside "Registrar entrega"). */}
      {moves.includes("completed") && reservation.status === "confirmed" && (
        <p className="text-sm text-gray-700" data-testid="complete-without-counter">
          {t("detail.completeWithoutCounter")}
        </p>
      )}
      {/* Completing closes the rental: said beside the button when money is still owed (a walk's finding),
          or the return's charges still wait for the customer's acceptance (owed once accepted). */}
      {moves.includes("completed") && <CompleteOwed reservation={reservation} />}
      {/* What a move leaves in its place (Confirmar gives way to "Registrar entrega") must not take a
          double click's second click. On a phone the others sit two to a row (a walk's finding:
          stacked one under another, five buttons and their notes left the detail a fifth of the
          screen) and the main move last, across, under the thumb; on a desktop in a row, the main
          one last. Tab goes as the eye does (an audit's finding: the main move came first, drawn last). */}
      <div
        className="grid grid-cols-2 gap-2 cramped:grid-cols-1 sm:flex sm:flex-row sm:flex-wrap sm:items-center sm:justify-end sm:gap-3"
        onClickCapture={swallowRepeatClick}
      >
        <div className="hidden sm:mr-auto sm:block">
          <Button
            variant="ghost"
            onClick={onDelete}
            disabled={busy}
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t("detail.delete")}
          </Button>
        </div>
        {others.map((action, index) => (
          // An odd one out takes the whole row rather than half of it.
          <Fragment key={action.key}>
            {action.render(cn(PHONE_CELL, index === others.length - 1 && index % 2 === 0 && "col-span-2"))}
          </Fragment>
        ))}
        {mains.map((action) => (
          <Fragment key={action.key}>{action.render(cn(PHONE_CELL, "col-span-2"))}</Fragment>
        ))}
      </div>
    </div>
  );
}

/**
 * What completing leaves unpaid: what is pending, and the return's charges the customer has not
 * accepted yet with what will be pending once they do (`chargesAwaiting`), which the pending figure
 * leaves out: a walk's owner read "nothing pending" and closed a rental with its charges unsigned.
 */
function CompleteOwed({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation("reservations");
  const { settlement } = reservation;
  const amount = (cents: number) => formatMoney(cents, reservation.currency, currentLanguage());
  const awaiting = chargesAwaiting(settlement);
  if (settlement.outstanding_cents <= 0 && !awaiting) return null;
  const text = awaiting
    ? t(settlement.outstanding_cents > 0 ? "detail.completeOwedAwaiting" : "detail.completeAwaiting", {
        amount: amount(settlement.outstanding_cents),
        charges: amount(awaiting.chargesCents),
        due: amount(awaiting.dueCents),
      })
    : t("detail.completeOwed", { amount: amount(settlement.outstanding_cents) });
  return (
    <p className="text-sm text-amber-800" data-testid="complete-owed">
      {text}
    </p>
  );
}
