import type { PlannerBlock, PlannerReservation, PlannerVehicle } from "@domain/planner";
import { addDays } from "./dates";

export type AgendaKind = "pickup" | "return" | "ongoing";
/** `car`: the plate or name of the unit the booking is drawn on (null: unnamed, or overbooked). */
export type AgendaEntry = { kind: AgendaKind; bar: PlannerReservation; car: string | null };
export type AgendaVehicle = { vehicle: PlannerVehicle; entries: AgendaEntry[]; blocks: PlannerBlock[] };

const ORDER: Record<AgendaKind, number> = { pickup: 0, return: 1, ongoing: 2 };

/** The last day a bar covers: the day of its end, or the day before when it ends at midnight. */
function lastDayOf(local: string) {
  const date = local.slice(0, 10);
  return local.slice(11) === "00:00" ? addDays(date, -1) : date;
}

/**
 * What a booking means for one day: picked up, returned, or out all day (null: not that day). A car
 * still out past its planned return (`overdue`) is due back on that day (what matters then, even
 * on its pickup day) and out every day after it up to today (its bar's end).
 */
function kindOn(bar: PlannerReservation, day: string): AgendaKind | null {
  const start = bar.start_local.slice(0, 10);
  const end = bar.end_local.slice(0, 10);
  if (bar.overdue && end === day) return "return";
  if (start === day) return "pickup";
  if (end === day) return "return";
  if (bar.overdue && end < day && day <= lastDayOf(bar.held_until_local)) return "ongoing";
  return start < day && day < end ? "ongoing" : null;
}

/** Each vehicle's day: pickups, then returns, then rentals under way, by time; and its blocks. */
export function agendaOf(vehicles: PlannerVehicle[], day: string): AgendaVehicle[] {
  return vehicles.map((vehicle) => {
    const entries: AgendaEntry[] = [];
    const blocks = new Map<number, PlannerBlock>();
    for (const lane of vehicle.lanes) {
      for (const bar of lane.reservations) {
        const kind = kindOn(bar, day);
        if (kind) entries.push({ kind, bar, car: lane.label });
      }
      // A block holding two units sits on two lanes: listed once.
      for (const block of lane.blocks) {
        if (block.start_date <= day && day <= block.end_date) blocks.set(block.id, block);
      }
    }
    const time = (entry: AgendaEntry) => (entry.kind === "return" ? entry.bar.end_local : entry.bar.start_local);
    entries.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || time(a).localeCompare(time(b)) || a.bar.id - b.bar.id);
    return { vehicle, entries, blocks: [...blocks.values()] };
  });
}

/** How many pickups, returns and rentals under way the day has in all. */
export function dayTotals(agenda: AgendaVehicle[]) {
  const totals: Record<AgendaKind, number> = { pickup: 0, return: 0, ongoing: 0 };
  for (const { entries } of agenda) for (const entry of entries) totals[entry.kind]++;
  return totals;
}
