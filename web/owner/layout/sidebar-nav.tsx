import { cn } from "@web/lib/cn";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useReservationSummary } from "../reservations";
import { isCurrentSection, NAV_ITEMS, type NavBadge } from "./nav-items";

/**
 * A count next to a label, and the link's accessible name with it ("Reservaciones, 3 reservas
 * pendientes"): pending reservations are refreshed every minute with the session check and after
 * every status change.
 */
function useBadges(): Record<NavBadge, { count: number; label: string }> {
  const { t } = useTranslation("reservations");
  const pending = useReservationSummary().data?.pending ?? 0;
  return { pendingReservations: { count: pending, label: t("badge.pending", { count: pending }) } };
}

function CountBubble({ count, active }: { count: number; active: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "ml-auto inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1.5 text-xs font-semibold tabular-nums",
        active ? "bg-brand-600 text-white" : "bg-amber-100 text-amber-900 ring-1 ring-amber-200 ring-inset",
      )}
      data-testid="pending-reservations-badge"
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

/**
 * The main navigation; `onNavigate` lets the phone drawer close itself after a choice. On a desktop
 * rail the rows are a little tighter (40 px, pointer-sized; 36 px on a screen up to 800 px tall) so
 * the nine items end above the toasts' zone even on a 720 px tall laptop (web/ui/toaster.tsx); the
 * phone drawer keeps 44 px touch rows.
 */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const badges = useBadges();
  const { pathname } = useLocation();
  return (
    <nav
      aria-label={t("shell.mainNav")}
      className="flex-1 overflow-y-auto px-3 py-4 lg:py-3 lg:[@media(max-height:800px)]:py-2"
    >
      <ul className="flex flex-col gap-1 lg:gap-0.5">
        {NAV_ITEMS.map((item) => {
          const { to, labelKey, icon: Icon, badge } = item;
          const counted = badge && badges[badge].count > 0 ? badges[badge] : null;
          // Marked on its section's every page, a landing's own among them, not only on its path as
          // NavLink would: the phone menu opens on the marked link.
          const isActive = isCurrentSection(item, pathname);
          return (
            <li key={to}>
              <Link
                to={to}
                onClick={onNavigate}
                aria-current={isActive ? "page" : undefined}
                aria-label={counted ? `${t(labelKey)}, ${counted.label}` : undefined}
                className={cn(
                  "flex h-11 items-center gap-3 lg:h-10 lg:[@media(max-height:800px)]:h-9 rounded-lg px-3 text-sm font-medium transition-colors",
                  isActive ? "bg-brand-50 text-brand-700" : "text-gray-700 hover:bg-gray-100 hover:text-gray-900",
                )}
              >
                <Icon
                  aria-hidden="true"
                  className={cn("size-5 shrink-0", isActive ? "text-brand-600" : "text-gray-500")}
                />
                {t(labelKey)}
                {counted && <CountBubble count={counted.count} active={isActive} />}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
