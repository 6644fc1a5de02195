import { Menu } from "lucide-react";
import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Avatar } from "../../ui/avatar";
import { BrandLogo } from "../../ui/brand-logo";
import { HOME_PATH } from "../auth/guards";
import { useSession } from "../auth/session-store";
import { SETTINGS_PATH } from "./account-panel";

type MobileTopBarProps = {
  onOpenMenu: () => void;
  menuOpen: boolean;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
};

export function MobileTopBar({ onOpenMenu, menuOpen, menuButtonRef }: MobileTopBarProps) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-gray-200 bg-white/95 px-2 backdrop-blur sm:px-4 lg:hidden">
      <button
        ref={menuButtonRef}
        type="button"
        onClick={onOpenMenu}
        aria-label={t("shell.openMenu")}
        aria-expanded={menuOpen}
        aria-haspopup="dialog"
        className="flex size-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      <Link to={HOME_PATH} aria-label={t("shell.homeLink")} className="rounded-lg">
        <BrandLogo />
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
