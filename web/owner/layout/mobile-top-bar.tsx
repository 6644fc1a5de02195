import { Avatar } from "@web/ui/avatar";
import { BrandLogo } from "@web/ui/brand-logo";
import { Menu } from "lucide-react";
import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HOME_PATH, useSession } from "../auth";
import { useReservationSummary } from "../reservations";
import { SETTINGS_PATH } from "./account-panel";

type MobileTopBarProps = {
  onOpenMenu: () => void;
  menuOpen: boolean;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
};

/**
 * Below 1024 px: the menu button, home and the account. Pending reservations (the sidebar's badge,
 * same query) show as a count on the menu button and in its name, so they are not hidden in the drawer.
 */
export function MobileTopBar({ onOpenMenu, menuOpen, menuButtonRef }: MobileTopBarProps) {
  const { t } = useTranslation();
  const session = useSession();
  const pending = useReservationSummary(session !== null).data?.pending ?? 0;
  const pendingLabel = t("reservations:badge.pending", { count: pending });
  return (
    <header className="@container sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-gray-200 bg-white/95 px-2 backdrop-blur sm:px-4 lg:hidden">
      <button
        ref={menuButtonRef}
        type="button"
        onClick={onOpenMenu}
        aria-label={pending > 0 ? `${t("shell.openMenu")}, ${pendingLabel}` : t("shell.openMenu")}
        aria-expanded={menuOpen}
        aria-haspopup="dialog"
        className="relative flex size-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100"
      >
        <Menu aria-hidden="true" className="size-6" />
        {pending > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-0.5 inline-flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-amber-400 px-1 text-[0.6875rem] leading-none font-bold text-amber-950 tabular-nums ring-2 ring-white"
            data-testid="menu-pending-badge"
          >
            {pending > 99 ? "99+" : pending}
          </span>
        )}
      </button>
      <Link to={HOME_PATH} aria-label={t("shell.homeLink")} className="rounded-lg">
        {/* The word only where the bar has room for it (18rem grows with the text): at 200 % text
            on a phone it pushed the account's button off the screen. The link keeps its name. */}
        <BrandLogo wordmarkClassName="hidden @[18rem]:inline" />
      </Link>
      {session && (
        <Link
          to={SETTINGS_PATH}
          aria-label={t("shell.accountLink", { name: session.user.name })}
          className="ml-auto flex size-11 items-center justify-center rounded-full"
        >
          <Avatar name={session.user.name} src={session.user.avatar} size="sm" />
        </Link>
      )}
    </header>
  );
}
