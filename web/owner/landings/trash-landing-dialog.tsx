import { useTranslation } from "react-i18next";
import type { Landing } from "../../../domain/landings";
import { ConfirmDialog } from "../../ui/confirm-dialog";

/** SPEC §8's question, worded truthfully: the landing goes to the Papelera and can be restored. */
export function TrashLandingDialog({
  landing,
  onClose,
  onConfirm,
  pending,
}: {
  landing: Landing | null;
  onClose: () => void;
  onConfirm: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation("landings");
  return (
    <ConfirmDialog
      open={landing !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={t("delete.title")}
      description={
        landing ? (
          <>
            {t("delete.bodyBefore")}
            <strong className="font-semibold text-gray-900">{landing.display_name}</strong>
            {t("delete.bodyAfter")}
          </>
        ) : null
      }
      confirmLabel={t("delete.confirm")}
      onConfirm={onConfirm}
      destructive
      pending={pending}
    />
  );
}
