import { ApiError } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useRestoreLanding } from "./api";

/**
 * Restoring a landing from the Papelera or from the toast's "Deshacer" (issue 25.8): one request per
 * landing at a time, however fast the button is pressed again (the button is disabled only once
 * React has drawn the pending state), and one toast saying how it went.
 */
export function useRestoreLandingOnce() {
  const { t } = useTranslation("landings");
  const restore = useRestoreLanding();
  const inFlight = useRef(new Set<number>());

  const restoreOnce = async (landing: { id: number }, toastId: string, description?: string) => {
    if (inFlight.current.has(landing.id)) return;
    inFlight.current.add(landing.id);
    try {
      const { message } = await restore.mutateAsync(landing.id);
      notify.success(toastId, message, description ? { description } : undefined);
    } catch (error) {
      notify.error(toastId, error instanceof ApiError ? error.message : t("errors.generic"));
    } finally {
      inFlight.current.delete(landing.id);
    }
  };

  /** The landing being restored, if any, for its button's spinner. */
  const restoringId = restore.isPending ? (restore.variables ?? null) : null;
  return { restoreOnce, restoringId };
}
