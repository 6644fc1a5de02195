import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "./alert";
import { Button } from "./button";
import { Dialog } from "./dialog";

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Names what will be destroyed (DESIGN.md). */
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** Destructive actions are red. */
  destructive?: boolean;
  pending?: boolean;
  /**
   * Why it cannot be done, said by the server after the owner confirmed: shown in the dialog,
   * where they are looking, and the only way on is to close it.
   */
  refusal?: string | null;
};

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  destructive = false,
  pending = false,
  refusal = null,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  // A double click lands twice before React shows the first as pending: only the first confirms
  // (a second request would be refused as already done, and hide that the first succeeded). Once
  // the request settles or the dialog closes, confirming is possible again.
  const confirming = useRef(false);
  useEffect(() => {
    if (!pending || !open) confirming.current = false;
  }, [pending, open]);
  const confirm = () => {
    if (confirming.current) return;
    confirming.current = true;
    onConfirm();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        refusal ? (
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t("common.understood")}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
              {t("common.cancel")}
            </Button>
            <Button variant={destructive ? "danger" : "primary"} onClick={confirm} loading={pending}>
              {confirmLabel}
            </Button>
          </>
        )
      }
    >
      {refusal && <Alert>{refusal}</Alert>}
    </Dialog>
  );
}
