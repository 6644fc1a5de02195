import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "../lib/notify";
import { useClosesOnBack } from "./back-closes";
import { useDoubleClickGuard } from "./double-click-guard";
import { canTakeFocus, useReturnFocus } from "./return-focus";

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, primary last. */
  footer?: ReactNode;
  /**
   * false: a question that must be answered (an alert dialog): no close button, Escape and clicks
   * outside do nothing, and the page behind is blurred out of reading.
   */
  dismissible?: boolean;
};

/** A dialog opening removes the toasts raised before it (`notify.dismissBeforeDialog`): on a phone they covered its title. */
export function useClearsEarlierToasts(open: boolean) {
  useEffect(() => {
    if (open) notify.dismissBeforeDialog();
  }, [open]);
}

const FIELD = "input:not([type=hidden]), select, textarea, [role=combobox]";

/**
 * What takes the focus as the dialog opens: its first field (a form is there to be filled in), or
 * else the footer's first button, the least destructive (the footer lists the primary last). Radix
 * alone focuses the first focusable element, the close button, which is never what is wanted.
 */
export function initialFocus(body: HTMLElement | null, footer: HTMLElement | null) {
  return (
    [...(body?.querySelectorAll(FIELD) ?? [])].find(canTakeFocus) ??
    [...(footer?.querySelectorAll("button") ?? [])].find(canTakeFocus)
  );
}

/**
 * The refs to put on a dialog's body and footer, and its Radix `onOpenAutoFocus`, which focuses
 * `initialFocus` of them (a sheet uses it too, web/owner/desk/sheet.tsx).
 */
export function useInitialFocus() {
  const bodyRef = useRef<HTMLDivElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);
  const focusFirst = (event: Event) => {
    const target = initialFocus(bodyRef.current, footerRef.current);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return { bodyRef, footerRef, focusFirst };
}

/** A centred modal dialog: focus trapped, Escape and the close button dismiss it (unless told otherwise). */
export function Dialog({ open, onOpenChange, title, description, children, footer, dismissible = true }: DialogProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus(open);
  useClearsEarlierToasts(open);
  // A question that must be answered is not dismissed by Back either.
  useClosesOnBack(open && dismissible, () => onOpenChange(false));
  const { bodyRef, footerRef, focusFirst } = useInitialFocus();
  const hold = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  const guard = useDoubleClickGuard(open, () => {
    if (dismissible) onOpenChange(false);
  });
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          {...guard.overlay}
          className={
            dismissible
              ? "fixed inset-0 z-50 bg-gray-950/50 data-[state=open]:animate-fade-in"
              : "fixed inset-0 z-50 bg-gray-950/70 backdrop-blur-lg data-[state=open]:animate-fade-in"
          }
        />
        <RadixDialog.Content
          role={dismissible ? "dialog" : "alertdialog"}
          onOpenAutoFocus={focusFirst}
          onCloseAutoFocus={returnFocus}
          onEscapeKeyDown={hold}
          // A form in the dialog sends its submit no further: React carries events out of a portal
          // along its own tree, so a dialog opened from inside another form submitted that form too
          // (a vehicle's, when a feature was created over it).
          onSubmit={(event) => event.stopPropagation()}
          {...guard.content}
          // Without a description none is named (Radix's way): a hidden copy of the title made screen
          // readers read it twice ("«Hyundai» no se puede eliminar", a walk's finding).
          {...(description ? {} : { "aria-describedby": undefined })}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-var(--spacing)*8)] w-[calc(100vw-var(--spacing)*8)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-lg bg-white p-6 shadow-xl data-[state=open]:animate-pop-in cramped:p-4"
        >
          {/* Where the text is large for the screen the close button goes above the title, which
              beside it broke "Nueva característica" mid-word, and the margins shrink with it. */}
          <div className="flex items-start justify-between gap-4 cramped:flex-col-reverse cramped:gap-0">
            <RadixDialog.Title className="min-w-0 text-lg font-semibold wrap-anywhere text-gray-900">
              {title}
            </RadixDialog.Title>
            {dismissible && (
              <RadixDialog.Close
                aria-label={t("common.close")}
                className="-mt-2 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-lg text-gray-500 hover:bg-gray-100 hover:text-gray-900 cramped:self-end"
              >
                <X aria-hidden="true" className="size-5" />
              </RadixDialog.Close>
            )}
          </div>
          {description && (
            <RadixDialog.Description className="mt-2 text-sm text-gray-600">{description}</RadixDialog.Description>
          )}
          {children && (
            <div ref={bodyRef} className="mt-4">
              {children}
            </div>
          )}
          {footer && (
            <div ref={footerRef} className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              {footer}
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
