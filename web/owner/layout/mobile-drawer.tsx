import * as RadixDialog from "@radix-ui/react-dialog";
import { useClosesOnBack } from "@web/ui/back-closes";
import { X } from "lucide-react";
import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { Sidebar } from "./sidebar";

type MobileDrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLogout: () => void;
  /** The menu button, which gets focus back when the drawer closes (it lives outside the dialog). */
  returnFocusRef: RefObject<HTMLButtonElement | null>;
};

/** Below 1024 px the sidebar lives in a modal drawer: focus trapped, Escape or a tap outside closes it. */
export function MobileDrawer({ open, onOpenChange, onLogout, returnFocusRef }: MobileDrawerProps) {
  const { t } = useTranslation();
  const close = () => onOpenChange(false);
  useClosesOnBack(open, close);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-gray-950/50 data-[state=open]:animate-fade-in lg:hidden" />
        <RadixDialog.Content
          // The menu opens on where the owner is: the current page's link (else the first), not
          // whichever control comes first in the drawer.
          onOpenAutoFocus={(event) => {
            const menu = event.currentTarget as HTMLElement;
            const link = menu.querySelector<HTMLElement>('nav a[aria-current="page"]') ?? menu.querySelector("nav a");
            if (!link) return;
            event.preventDefault();
            link.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusRef.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 w-[min(20rem,calc(100vw-3rem))] shadow-xl data-[state=open]:animate-drawer-in lg:hidden"
        >
          <RadixDialog.Title className="sr-only">{t("shell.menu")}</RadixDialog.Title>
          <RadixDialog.Description className="sr-only">{t("shell.menuDescription")}</RadixDialog.Description>
          <Sidebar
            onNavigate={close}
            onLogout={() => {
              close();
              onLogout();
            }}
          />
          <RadixDialog.Close
            aria-label={t("shell.closeMenu")}
            className="absolute top-2.5 right-2.5 flex size-11 items-center justify-center rounded-lg text-gray-500 hover:bg-gray-100 hover:text-gray-900"
          >
            <X aria-hidden="true" className="size-5" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
