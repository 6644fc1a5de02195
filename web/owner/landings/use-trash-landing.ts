import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Landing } from "../../../domain/landings";
import { ApiError } from "../../lib/api";
import { notify } from "../../lib/notify";
import { useRestoreLanding, useTrashLanding } from "./api";

/**
 * Moving a landing to the Papelera: the confirmation dialog's state, the call, and a toast that
 * offers to undo it at once (PRODUCT §3: the trash is recoverable).
 */
export function useTrashLandingFlow(onTrashed?: (landing: Landing) => void) {
  const { t } = useTranslation("landings");
  const trash = useTrashLanding();
  const restore = useRestoreLanding();
  const [target, setTarget] = useState<Landing | null>(null);

  const confirm = async () => {
    if (!target) return;
    const landing = target;
    try {
      const { message } = await trash.mutateAsync(landing.id);
      setTarget(null);
      onTrashed?.(landing);
      notify.success(`landing-trash:${landing.id}`, message, {
        description: t("delete.toastDescription", { name: landing.display_name }),
        action: {
          label: t("delete.undo"),
          onClick: () =>
            restore.mutate(landing.id, {
              onSuccess: ({ message: restored }) => notify.success(`landing-trash:${landing.id}`, restored),
              onError: (error) =>
                notify.error(
                  `landing-trash:${landing.id}`,
                  error instanceof ApiError ? error.message : t("errors.generic"),
                ),
            }),
        },
      });
    } catch (error) {
      notify.error(`landing-trash:${landing.id}`, error instanceof ApiError ? error.message : t("errors.generic"));
    }
  };

  return { target, open: setTarget, close: () => setTarget(null), confirm, pending: trash.isPending };
}
