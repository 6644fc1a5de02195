import { useQueryClient } from "@tanstack/react-query";
import { formErrorMessage } from "@web/lib/form-errors";
import { notify } from "@web/lib/notify";
import { Alert } from "@web/ui/alert";
import { Button } from "@web/ui/button";
import { Dialog } from "@web/ui/dialog";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { currentSessionQuery, fetchCurrentSession } from "./api";
import { SessionCountdown } from "./session-countdown";

type IdleWarningDialogProps = { msLeft: number; onSignOut: () => void };

/**
 * Shortly before an hour without activity ends the session (issue 25.3): staying is one click,
 * which is itself the owner at work. The session check it sends moves the end an hour ahead, and
 * the dialog closes by itself once the stored end has moved. Closing it any other way is staying too.
 */
export function IdleWarningDialog({ msLeft, onSignOut }: IdleWarningDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [staying, setStaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const stay = async () => {
    setStaying(true);
    setError(null);
    try {
      // Asked directly, not through the cached query: a check already on its way was the page's own.
      queryClient.setQueryData(currentSessionQuery().queryKey, await fetchCurrentSession());
      notify.success("session-renew", t("sessionExpiry.renewed"));
    } catch (failure) {
      // A 401 turns this dialog into the sign-in one (the API client marks the session ended).
      setError(formErrorMessage(failure, t));
    } finally {
      setStaying(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) void stay();
      }}
      title={t("sessionExpiry.title")}
      description={t("sessionExpiry.idleBody")}
      footer={
        <>
          <Button variant="secondary" onClick={onSignOut} disabled={staying}>
            {t("sessionExpiry.signOut")}
          </Button>
          <Button onClick={() => void stay()} loading={staying} autoFocus>
            {staying ? t("sessionExpiry.staying") : t("sessionExpiry.stay")}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <SessionCountdown msLeft={msLeft} />
        {error && <Alert>{error}</Alert>}
      </div>
    </Dialog>
  );
}
