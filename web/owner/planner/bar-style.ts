import type { ReservationStatus } from "@domain/reservations";
import { Car, Check, CheckCheck, Clock, CreditCard, type LucideIcon, Undo2 } from "lucide-react";

/** The planner never draws a cancelled booking or a no-show: neither holds a car. */
type DrawnStatus = Exclude<ReservationStatus, "cancelled" | "no_show">;

/**
 * Each status has a colour and an icon and its name in words, so it never rests on colour alone:
 * pending asks for the owner's answer (amber), confirmed is settled (green), on rent is out with the
 * customer (indigo, a car), returned waits to be closed (teal, back), completed is history (grey),
 * and a booking awaiting its payment holds the car for a while (sky blue, a card).
 */
export const STATUS_STYLE: Record<DrawnStatus, { bar: string; accent: string; icon: LucideIcon }> = {
  awaiting_payment: {
    bar: "border-sky-300 bg-sky-50 text-sky-950 hover:bg-sky-100",
    accent: "bg-sky-500",
    icon: CreditCard,
  },
  pending: {
    bar: "border-amber-300 bg-amber-50 text-amber-950 hover:bg-amber-100",
    accent: "bg-amber-500",
    icon: Clock,
  },
  confirmed: {
    bar: "border-emerald-300 bg-emerald-50 text-emerald-950 hover:bg-emerald-100",
    accent: "bg-emerald-600",
    icon: Check,
  },
  on_rent: {
    bar: "border-indigo-300 bg-indigo-50 text-indigo-950 hover:bg-indigo-100",
    accent: "bg-indigo-600",
    icon: Car,
  },
  returned: {
    bar: "border-teal-300 bg-teal-50 text-teal-950 hover:bg-teal-100",
    accent: "bg-teal-600",
    icon: Undo2,
  },
  completed: {
    bar: "border-gray-300 bg-gray-100 text-gray-700 hover:bg-gray-200",
    accent: "bg-gray-400",
    icon: CheckCheck,
  },
};

export const styleOf = (status: ReservationStatus) =>
  STATUS_STYLE[status === "cancelled" || status === "no_show" ? "completed" : status];

/**
 * Red stripes: the stretch of a rental on rent past its planned return (issue 28), the car still
 * out; drawn on its bar after the planned return, with a clock icon and "Overdue" in words.
 */
export const OVERDUE_HATCH =
  "bg-[repeating-linear-gradient(135deg,var(--color-red-200)_0_6px,var(--color-red-50)_6px_12px)] border-red-400";

/** Diagonal grey stripes: a car out of service, told apart from any booking at a glance. */
export const HATCH =
  "bg-[repeating-linear-gradient(135deg,var(--color-gray-200)_0_6px,var(--color-gray-100)_6px_12px)] border-gray-300 text-gray-700";
