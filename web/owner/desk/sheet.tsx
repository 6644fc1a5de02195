import * as RadixDialog from "@radix-ui/react-dialog";
import { useClosesOnBack } from "@web/ui/back-closes";
import { initialFocus, useClearsEarlierToasts, useInitialFocus } from "@web/ui/dialog";
import { useDoubleClickGuard } from "@web/ui/double-click-guard";
import { useReturnFocus } from "@web/ui/return-focus";
import { X } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Text, or text with parts kept whole (a reference on one line). */
  title: ReactNode;
  description: string;
  /** Buttons and messages kept in view at the bottom while the body scrolls. */
  footer: ReactNode;
  /** While saving, Escape, the overlay and the close button do nothing. */
  busy: boolean;
  /** The body is a placeholder while its form loads: its first field takes the focus once drawn. */
  loading?: boolean;
  children: ReactNode;
};

/**
 * A long form's dialog: the whole screen on a phone, a centred panel from `sm` up; the title and
 * the footer stay put while the body scrolls, except on a screen too short for that (a phone on its
 * side), where the whole sheet scrolls.
 */
export function Sheet({ open, onOpenChange, title, description, footer, busy, loading = false, children }: SheetProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus(open);
  // While saving, nothing closes it: the backdrop, Back, Escape or the close button.
  const close = () => {
    if (!busy) onOpenChange(false);
  };
  const guard = useDoubleClickGuard(open, close);
  useClearsEarlierToasts(open);
  useClosesOnBack(open, close);
  // As a dialog does: the first field, not the close button Radix would pick.
  const { bodyRef, footerRef, focusFirst } = useInitialFocus();
  // Opened before its form was drawn, the sheet focused the footer: the first field takes over
  // once it is there, unless the owner has already moved into the body.
  const wasLoading = useRef(loading);
  // biome-ignore lint/correctness/useExhaustiveDependencies: bodyRef is a ref (useInitialFocus's); only opening and loading matter.
  useEffect(() => {
    const drawnNow = wasLoading.current && !loading;
    wasLoading.current = loading;
    const body = bodyRef.current;
    if (!open || !drawnNow || !body || body.contains(document.activeElement)) return;
    initialFocus(body, null)?.focus();
  }, [open, loading]);
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          {...guard.overlay}
          className="fixed inset-0 z-50 bg-gray-950/50 data-[state=open]:animate-fade-in"
        />
        <RadixDialog.Content
          onOpenAutoFocus={focusFirst}
          onCloseAutoFocus={returnFocus}
          {...guard.content}
          className="fixed inset-0 z-50 flex flex-col bg-white shadow-xl data-[state=open]:animate-pop-in sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100vw-2rem)] sm:max-w-3xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg short:overflow-y-auto"
        >
          <div className="flex items-start justify-between gap-4 border-b border-gray-200 px-4 pt-4 pb-3 sm:px-6 sm:pt-5 sm:pb-4">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold text-gray-900">{title}</RadixDialog.Title>
              <RadixDialog.Description className="mt-1 text-sm text-gray-600">{description}</RadixDialog.Description>
            </div>
            <RadixDialog.Close
              aria-label={t("common.close")}
              disabled={busy}
              className="-mt-2 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-lg text-gray-500 hover:bg-gray-100 hover:text-gray-900 disabled:opacity-60"
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          {/* A field scrolled into view, as the first one in error is once focused, stops with room
              for its message above the footer (scroll-pb), instead of at the body's very edge. */}
          <div
            ref={bodyRef}
            className="min-h-0 flex-1 scroll-pb-20 overflow-y-auto px-4 py-5 sm:px-6 short:flex-none short:overflow-visible"
          >
            {children}
          </div>
          <div ref={footerRef} className="flex flex-col gap-3 border-t border-gray-200 px-4 py-3 sm:px-6 sm:py-4">
            {footer}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
