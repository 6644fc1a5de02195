import type { Landing } from "@domain/landings";
import { Button } from "@web/ui/button";
import { ButtonLink } from "@web/ui/button-link";
import { ConfirmDialog } from "@web/ui/confirm-dialog";
import { Dialog } from "@web/ui/dialog";
import { CalendarCheck } from "lucide-react";
import { useTranslation } from "react-i18next";

type TrashLandingDialogProps = {
  landing: Landing | null;
  onClose: () => void;
  onConfirm: () => void;
  pending: boolean;
  /** The server's refusal of the last try (a booking arrived since the list was read). */
  refusal: string | null;
};

/**
 * SPEC §8's question, worded truthfully: the landing goes to the Papelera and can be restored.
 * A landing with bookings still ahead cannot go (issue 25.6): the dialog says how many and leads
 * to them instead of offering the button.
 */
export function TrashLandingDialog({ landing, onClose, onConfirm, pending, refusal }: TrashLandingDialogProps) {
  const { t } = useTranslation("landings");
  const active = landing?.active_reservations_count ?? 0;
  const onOpenChange = (open: boolean) => {
    if (!open && !pending) onClose();
  };
  if (landing && (active > 0 || refusal)) {
    return (
      <Dialog
        open
        onOpenChange={onOpenChange}
        title={t("delete.blockedTitle", { name: landing.display_name })}
        description={refusal ?? t("delete.blockedBody", { count: active })}
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              {t("delete.blockedClose")}
            </Button>
            <ButtonLink to={`/view-landing/${landing.id}`}>
              <CalendarCheck aria-hidden="true" className="size-4" />
              {t("delete.blockedShow")}
            </ButtonLink>
          </>
        }
      />
    );
  }
  return (
    <ConfirmDialog
      open={landing !== null}
      onOpenChange={onOpenChange}
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
