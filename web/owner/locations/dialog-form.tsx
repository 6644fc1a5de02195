import { Button } from "@web/ui/button";
import { Dialog } from "@web/ui/dialog";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

type DialogFormProps = {
  /** Whether the dialog shows; closing it is left to onClose. */
  open: boolean;
  onClose: () => void;
  /** While the save runs the dialog stays open: Escape, the close button and Cancel do nothing. */
  pending: boolean;
  title: string;
  description?: ReactNode;
  /** Ties the footer's save button, outside the form, to it. */
  formId: string;
  saveLabel: string;
  className?: string;
  onSubmit: () => Promise<void>;
  children: ReactNode;
};

/** A dialog of the locations page whose body is one form, saved with the footer's button. */
export function DialogForm({
  open,
  onClose,
  pending,
  title,
  description,
  formId,
  saveLabel,
  className,
  onSubmit,
  children,
}: DialogFormProps) {
  const { t } = useTranslation("fleet");
  const close = (next: boolean) => {
    if (!next && !pending) onClose();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={pending}>
            {t("translation:common.cancel")}
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {pending ? t("form.saving") : saveLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className={className}
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        {children}
      </form>
    </Dialog>
  );
}
