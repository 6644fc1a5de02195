import { prepareToasts } from "@web/lib/notify";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { SessionExpiryDialog, useSessionWatch } from "../auth";
import { useLiveUpdates } from "../live";
import { useFocusKeptOnNavigation } from "./focus-on-navigation";
import { LeaveConfirmDialog, LeaveGuardDialog } from "./leave-guard-dialog";
import { LogoutOverlay } from "./logout-overlay";
import { MobileDrawer } from "./mobile-drawer";
import { MobileTopBar } from "./mobile-top-bar";
import { OfflineBanner } from "./offline-banner";
import { Sidebar } from "./sidebar";
import { useFollowSignOut } from "./use-follow-sign-out";
import { useLogout } from "./use-logout";

/** The frame of every owner page: sidebar on a desktop, top bar and drawer below 1024 px. */
export function AppShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const { leaving, signOut, confirmingLeave, confirmLeave, cancelLeave } = useLogout();
  const signedOutElsewhere = useFollowSignOut();
  useSessionWatch();
  useLiveUpdates();
  // The toaster comes with the shell, so a page's first toast waits for nothing.
  useEffect(prepareToasts, []);

  // Whatever way a navigation happens (link, back button), the drawer should not stay open over it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path changing is the trigger.
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  useFocusKeptOnNavigation(pathname, mainRef);

  // Signing out, here or in another tab: nothing of the owner stays on screen, even for a moment.
  if (leaving || signedOutElsewhere) return <LogoutOverlay />;

  return (
    <div className="min-h-dvh lg:bg-[linear-gradient(to_right,white_calc(16rem-1px),var(--color-gray-200)_calc(16rem-1px)_16rem,transparent_16rem)] lg:pl-64">
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-white px-4 py-3 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t("shell.skipToContent")}
      </a>
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-gray-200 lg:block">
        <Sidebar onLogout={signOut} />
      </aside>
      <MobileTopBar onOpenMenu={() => setMenuOpen(true)} menuOpen={menuOpen} menuButtonRef={menuButtonRef} />
      <MobileDrawer open={menuOpen} onOpenChange={setMenuOpen} onLogout={signOut} returnFocusRef={menuButtonRef} />
      <main
        ref={mainRef}
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl px-4 py-6 outline-none sm:px-6 sm:py-8 lg:px-10 lg:py-10"
      >
        <OfflineBanner />
        <Outlet />
      </main>
      <SessionExpiryDialog onSignOut={signOut} />
      <LeaveGuardDialog />
      <LeaveConfirmDialog open={confirmingLeave} onStay={cancelLeave} onLeave={confirmLeave} />
    </div>
  );
}
