import { TOAST_MS } from "@domain/limits";
import { type CSSProperties, useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Toaster as Sonner, type ToasterProps, toast } from "sonner";
import { toasterReady } from "../lib/notify";
import { useMediaQuery } from "../lib/use-media-query";

// Sonner's rich colours put green and red text below WCAG AA contrast on their pale backgrounds
// (about 3.9:1); these darker shades of the same hues reach 6:1 and more.
// `pointerEvents`: an open dialog turns pointer input off for the whole page but itself (Radix sets
// it on the body); toasts, shown above the dialog, keep theirs, so a press on one reaches its close
// button instead of the dialog's backdrop beneath, which closed the dialog.
const toasterStyle = {
  "--success-text": "hsl(140, 100%, 21%)",
  "--error-text": "hsl(0, 74%, 42%)",
  pointerEvents: "auto",
} as CSSProperties;

/** The sidebar's width (web/owner/layout/app-shell.tsx: w-64) and the margin a toast keeps inside it. */
const SIDEBAR_PX = 256;
const SIDEBAR_MARGIN = 12;
/**
 * The sidebar's account panel (language, account, sign out: web/owner/layout/account-panel.tsx)
 * is about 181 px tall at its bottom; toasts rest just above it, in the rail's empty middle.
 */
const ABOVE_ACCOUNT_PANEL = 181 + SIDEBAR_MARGIN;
/** Below 1024 px the dashboard has a sticky 64 px top bar (menu, home, account). */
const TOP_BAR = 64;
const BELOW_TOP_BAR = TOP_BAR + 8;

type Placement = Pick<ToasterProps, "position" | "offset" | "mobileOffset"> & { width?: number };

/**
 * Whether the owner dashboard's shell is on screen: its main landmark is the one with id "main"
 * (the skip link's target); the sign-in pages have none.
 */
function useInShell(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const observer = new MutationObserver(onChange);
      observer.observe(document.body, { childList: true, subtree: true });
      return () => observer.disconnect();
    },
    () => document.getElementById("main") !== null,
  );
}

/**
 * Where toasts cover no action (issue 7, overruling DESIGN.md's bottom-right, which sat over the
 * forms' primary buttons):
 * - dashboard, 1024 px and wider: in the sidebar's empty middle, above the account panel, at the
 *   rail's width. Nothing of the page is ever under them, whatever the screen or the scroll.
 * - dashboard, 768–1023 px: in the empty middle of the sticky top bar, between the home link and
 *   the account button (a two-line toast reaches only the page's top padding).
 * - dashboard on a phone: across the screen just under the top bar, so its menu and account
 *   buttons stay reachable; page headers keep their actions out of that band.
 * - sign-in pages: over the brand panel on a desktop (bottom right), else at the top.
 */
function usePlacement(): Placement {
  const inShell = useInShell();
  const desktop = useMediaQuery("(min-width: 1024px)");
  const wideTopBar = useMediaQuery("(min-width: 768px)");
  const phone = { top: BELOW_TOP_BAR, left: 16, right: 16 };
  if (desktop && inShell) {
    return {
      position: "bottom-left",
      offset: { left: SIDEBAR_MARGIN, bottom: ABOVE_ACCOUNT_PANEL },
      width: SIDEBAR_PX - 2 * SIDEBAR_MARGIN,
    };
  }
  if (desktop) return { position: "bottom-right", offset: 24 };
  if (wideTopBar && inShell) return { position: "top-center", offset: { top: 8 } };
  return { position: "top-center", offset: { top: BELOW_TOP_BAR }, mobileOffset: phone };
}

/**
 * Toasts for 3 s, where they cover no action (see usePlacement). Raise them with web/lib/notify.ts;
 * web/ui/toasts.tsx mounts this once the first is raised (or the shell asks for it).
 */
export function Toaster() {
  const { t } = useTranslation();
  const { width, ...placement } = usePlacement();
  // After sonner's own effect: it listens by now, so the toasts raised meanwhile can show.
  useEffect(() => toasterReady(toast), []);
  return (
    <Sonner
      {...placement}
      duration={TOAST_MS}
      richColors
      closeButton
      // Sonner's own words are English: "Close toast", "Notifications alt+T". Its close button is a
      // 20 px circle, too small to tap on a phone (a walk's finding): 24 px drawn, 44 px to press.
      toastOptions={{
        closeButtonAriaLabel: t("common.closeToast"),
        classNames: { closeButton: "size-6! before:absolute before:-inset-2.5 before:content-['']" },
      }}
      containerAriaLabel={t("common.toasts")}
      style={width ? ({ ...toasterStyle, "--width": `${width}px` } as CSSProperties) : toasterStyle}
    />
  );
}
