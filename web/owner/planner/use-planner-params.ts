import { useAddressParams } from "@web/lib/use-address-params";
import { addDays, addMonths, daysBetween, firstOfMonth, isIsoDate, localToday } from "./dates";

export type PlannerView = "week" | "month";

export type PlannerParams = {
  /** The landing asked for in the address, or null to take the owner's first one. */
  landingId: number | null;
  view: PlannerView;
  /** The first day shown. */
  from: string;
  /**
   * Whether the address names the first day (or a day in the view); else it is the browser's today
   * until the landing's is known.
   */
  fromAsked: boolean;
  /** The phone agenda's chosen day, or null for the first sensible one. */
  day: string | null;
};

/** The days one view shows from `from`: a week, or one calendar month's worth (28 to 31). */
export const visibleDays = (view: PlannerView, from: string) =>
  view === "week" ? 7 : daysBetween(from, addMonths(from, 1));

/** What the API is asked for: it serves weeks of 7 days and months of 31 (any month fits). */
export const requestedDays = (view: PlannerView) => (view === "week" ? 7 : 31);

/**
 * Where "today" takes a view: the seven days from today (what an operator plans is ahead, also on
 * a Sunday), or the calendar month from the 1st.
 */
export const startFor = (view: PlannerView, date: string) => (view === "week" ? date : firstOfMonth(date));

/**
 * The planner's state lives in the address (/planner?landing=3&from=2026-11-09&view=week) so a
 * reload, the back button and a shared link show the same view. Unknown values fall back.
 */
export function usePlannerParams() {
  const [params, change] = useAddressParams();
  const landing = Number(params.get("landing"));
  const view: PlannerView = params.get("view") === "month" ? "month" : "week";
  const from = params.get("from") ?? "";
  const day = params.get("day") ?? "";
  const dayAsked = isIsoDate(day) ? day : null;
  const state: PlannerParams = {
    landingId: Number.isInteger(landing) && landing > 0 ? landing : null,
    view,
    // A link that names only a day (a walk's: it opened on today) shows the view that holds it.
    from: isIsoDate(from) ? from : startFor(view, dayAsked ?? localToday()),
    fromAsked: isIsoDate(from) || dayAsked !== null,
    day: dayAsked,
  };

  /** Navigation pushes history entries, so the back button walks back through the weeks. */
  const set = (changes: Partial<Record<"landing" | "view" | "from" | "day", string | null>>, replace = false) =>
    change(changes, { replace });

  const go = {
    landing: (id: number) => set({ landing: String(id), day: null }),
    view: (next: PlannerView, today: string) => {
      const offset = daysBetween(state.from, today);
      const shown = offset >= 0 && offset < visibleDays(state.view, state.from);
      const anchor = state.day ?? (shown ? today : state.from);
      set({ view: next, from: startFor(next, next === "month" ? state.from : anchor) });
    },
    step: (direction: 1 | -1) =>
      set({
        from: state.view === "week" ? addDays(state.from, 7 * direction) : addMonths(state.from, direction),
        day: null,
      }),
    today: (today: string) => set({ from: startFor(state.view, today), day: today }),
    day: (date: string) => set({ day: date }, true),
    /** Fills in the landing taken by default, without a history entry of its own. */
    defaultLanding: (id: number) => set({ landing: String(id) }, true),
    /** Fills in the first day taken by default, from the landing's today, without a history entry. */
    defaultFrom: (today: string) => set({ from: startFor(state.view, today) }, true),
  };
  return [state, go] as const;
}
