import { BrandLogo } from "@web/ui/brand-logo";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HOME_PATH } from "../auth";
import { AccountPanel } from "./account-panel";
import { SidebarNav } from "./sidebar-nav";

type SidebarProps = { onNavigate?: () => void; onLogout: () => void };

/** Brand, navigation and account: the same content on the desktop rail and in the phone drawer. */
export function Sidebar({ onNavigate, onLogout }: SidebarProps) {
  const { t } = useTranslation();
  return (
    <div className="flex h-full flex-col bg-white">
      {/* 56 px on a short desktop screen, so the navigation ends above the toasts' zone (sidebar-nav.tsx). */}
      <div className="flex h-16 shrink-0 items-center px-5 lg:[@media(max-height:800px)]:h-14">
        <Link to={HOME_PATH} onClick={onNavigate} aria-label={t("shell.homeLink")} className="rounded-lg">
          <BrandLogo />
        </Link>
      </div>
      <SidebarNav onNavigate={onNavigate} />
      <AccountPanel onNavigate={onNavigate} onLogout={onLogout} />
    </div>
  );
}
