import type { Landing } from "@domain/landings";
import { ApiError } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useTrashLanding } from "./api";
import { useRestoreLandingOnce } from "./use-restore-landing";

/**
 * Moving a landing to the Papelera: the confirmation dialog's state, the call, and a toast that
 * offers to undo it at once (PRODUCT §3: the trash is recoverable). A refusal because bookings
 * are still ahead (409) stays in the dialog, which then leads to them.
 */
export function useTrashLandingFlow(onTrashed?: (landing: Landing) => void) {
  const { t } = useTranslation("landings");
  const trash = useTrashLanding();
  const { restoreOnce } = useRestoreLandingOnce();
  const [target, setTarget] = useState<Landing | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const open = (landing: Landing | null) => {
    setRefusal(null);
    setTarget(landing);
  };

  const confirm = async () => {
    if (!target || trash.isPending) return;
    const landing = target;
    try {
      const { message } = await trash.mutateAsync(landing.id);
      setTarget(null);
      onTrashed?.(landing);
      notify.success(`landing-trash:${landing.id}`, message, {
        description: t("delete.toastDescription", { name: landing.display_name }),
        action: {
          label: t("delete.undo"),
          onClick: () => void restoreOnce(landing, `landing-trash:${landing.id}`),
        },
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setRefusal(error.message);
        return;
      }
      notify.error(`landing-trash:${landing.id}`, error instanceof ApiError ? error.message : t("errors.generic"));
    }
  };

  return {
    target,
    refusal,
    open,
    close: () => open(null),
    confirm,
    pending: trash.isPending,
  };
}
