import {
  CalendarCheck,
  CalendarRange,
  CircleHelp,
  House,
  LayoutTemplate,
  type LucideIcon,
  MapPin,
  Sparkles,
  Trash2,
  Users,
} from "lucide-react";

/** A count shown next to the label: "pendingReservations" is how many reservations wait for an answer. */
export type NavBadge = "pendingReservations";
/** `within`: the other paths whose pages belong to this item's section (a landing's own pages to Landings). */
export type NavItem = { to: string; labelKey: string; icon: LucideIcon; badge?: NavBadge; within?: readonly string[] };

/**
 * The sidebar of SPEC §2, in its order, with the desk of issue 11 (home at a glance first, the
 * planner beside the reservations) and the customers of issue 28.7. Paths are the spec's own, typos included.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: "/dashboard", labelKey: "nav.dashboard", icon: House },
  {
    to: "/landings",
    labelKey: "nav.landings",
    icon: LayoutTemplate,
    within: [
      "/view-landing",
      "/review-landing",
      "/review-component",
      "/layout-designer",
      "/published",
      "/publishedTap",
    ],
  },
  { to: "/reservation", labelKey: "nav.reservations", icon: CalendarCheck, badge: "pendingReservations" },
  { to: "/planner", labelKey: "nav.planner", icon: CalendarRange },
  // The owner's customers (issue 28.7), beside the bookings they are built from.
  { to: "/customers", labelKey: "nav.customers", icon: Users },
  { to: "/feature-view", labelKey: "nav.features", icon: Sparkles },
  { to: "/location-reservaction", labelKey: "nav.locations", icon: MapPin },
  { to: "/history", labelKey: "nav.trash", icon: Trash2 },
  { to: "/help", labelKey: "nav.help", icon: CircleHelp },
];

/** Whether `pathname` is `path` or one of its pages below (`/reservation/5/counter` under `/reservation`). */
const under = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** Whether the page at `pathname` is in `item`'s section: the sidebar marks that item as the current one. */
export function isCurrentSection(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.within ?? [])].some((path) => under(pathname, path));
}
