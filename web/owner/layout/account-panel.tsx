import { cn } from "@web/lib/cn";
import { Avatar } from "@web/ui/avatar";
import { LanguageSwitch } from "@web/ui/language-switch";
import { LogOut, Settings } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { saveOwnerLanguage, useSession } from "../auth";

export const SETTINGS_PATH = "/user-config";

/** Bottom of the sidebar: language, who is signed in (avatar and gear lead to settings), sign out. */
export function AccountPanel({ onNavigate, onLogout }: { onNavigate?: () => void; onLogout: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) return null;
  const { user } = session;
  return (
    <div className="border-t border-gray-200 p-3">
      <LanguageSwitch className="mb-2 px-1" onChoose={(language) => saveOwnerLanguage(user.id, language)} />
      <div className="flex items-center gap-1">
        <Link
          to={SETTINGS_PATH}
          onClick={onNavigate}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-lg p-2 hover:bg-gray-100"
          aria-label={t("shell.accountLink", { name: user.name })}
        >
          <Avatar name={user.name} src={user.avatar} size="md" />
          <span className="min-w-0">
            {/* The owner's own name may be written right to left: its direction is its own, so it is cut at its end. */}
            <span
              dir="auto"
              className="block truncate text-sm font-semibold text-gray-900"
              data-testid="shell-user-name"
            >
              {user.name}
            </span>
            <span className="block truncate text-xs text-gray-600">{user.email}</span>
          </span>
        </Link>
        <NavLink
          to={SETTINGS_PATH}
          onClick={onNavigate}
          aria-label={t("titles.settings")}
          title={t("titles.settings")}
          className={({ isActive }) =>
            cn(
              "flex size-11 shrink-0 items-center justify-center rounded-lg transition-colors",
              isActive ? "bg-brand-50 text-brand-700" : "text-gray-500 hover:bg-gray-100 hover:text-gray-900",
            )
          }
        >
          <Settings aria-hidden="true" className="size-5" />
        </NavLink>
      </div>
      <button
        type="button"
        onClick={onLogout}
        className="mt-1 flex h-11 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-gray-700 transition-colors hover:bg-red-50 hover:text-red-700"
      >
        <LogOut aria-hidden="true" className="size-5 text-gray-500" />
        {t("shell.logout")}
      </button>
    </div>
  );
}
