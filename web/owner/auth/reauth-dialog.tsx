import { useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@web/lib/api";
import { formErrorMessage } from "@web/lib/form-errors";
import { notify } from "@web/lib/notify";
import { Button } from "@web/ui/button";
import { Dialog } from "@web/ui/dialog";
import { PasswordField } from "@web/ui/password-field";
import { ExternalLink } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { takeWritesRefusedUnsignedIn, useRenewSession } from "./api";
import { FORGOT_PASSWORD_PATH } from "./guards";
import { SessionCountdown } from "./session-countdown";
import type { StoredSession } from "./session-store";

type ReauthDialogProps = {
  session: StoredSession;
  /**
   * "final": minutes before the 12-hour end, which no activity moves (the owner may answer later);
   * "ended": the session is over, and this dialog covers the page until the owner signs in again
   * or leaves with another account.
   */
  mode: "final" | "ended";
  msLeft?: number;
  onLater?: () => void;
  onSignOut: () => void;
};

/**
 * Signs the same owner in again over the page they are on (issues 7.9 and 25.3): the password is
 * checked by the login call, which sets a new session cookie without leaving the page, so a
 * half-filled form (the rules form of the issue) stays exactly as it was.
 */
export function ReauthDialog({ session, mode, msLeft, onLater, onSignOut }: ReauthDialogProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const renew = useRenewSession();
  const queryClient = useQueryClient();
  const formId = useId();
  const ended = mode === "ended";

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError(t("api:required"));
      return;
    }
    setError(undefined);
    try {
      await renew.mutateAsync({ email: session.user.email, password });
      // Something still to save is news, not a success: said as such, never in a green tick.
      if (takeWritesRefusedUnsignedIn(queryClient)) notify.info("session-renew", t("sessionExpiry.renewedUnsaved"));
      else notify.success("session-renew", t("sessionExpiry.renewed"));
    } catch (failure) {
      // A wrong password comes back as a field error on the email (the login form's shape).
      const fieldMessage =
        failure instanceof ApiError ? (failure.fieldMessage("password") ?? failure.fieldMessage("email")) : undefined;
      setError(fieldMessage ?? formErrorMessage(failure, t));
    }
  };

  return (
    <Dialog
      open
      dismissible={!ended}
      onOpenChange={(open) => {
        if (!open) onLater?.();
      }}
      title={ended ? t("sessionExpiry.endedTitle") : t("sessionExpiry.title")}
      description={ended ? t("sessionExpiry.endedBody") : t("sessionExpiry.finalBody")}
      footer={
        <>
          {ended ? (
            <Button variant="secondary" onClick={onSignOut} disabled={renew.isPending}>
              {t("sessionExpiry.otherAccount")}
            </Button>
          ) : (
            <Button variant="secondary" onClick={onLater} disabled={renew.isPending}>
              {t("sessionExpiry.later")}
            </Button>
          )}
          <Button type="submit" form={formId} loading={renew.isPending}>
            {renew.isPending
              ? t("sessionExpiry.submitting")
              : ended
                ? t("sessionExpiry.endedSubmit")
                : t("sessionExpiry.submit")}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        {msLeft !== undefined && <SessionCountdown msLeft={msLeft} />}
        <p className="text-sm text-gray-700">
          {t("sessionExpiry.account")}{" "}
          <span className="font-semibold break-all text-gray-900">{session.user.email}</span>
        </p>
        {/* Password managers fill the password for the account named here. */}
        <input type="email" name="username" autoComplete="username" value={session.user.email} readOnly hidden />
        <PasswordField
          label={t("fields.password")}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
          autoFocus
        />
        {/* Another tab, so this page and what was typed in it stay; signing in there ends this dialog too. */}
        <a
          href={FORGOT_PASSWORD_PATH}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {t("sessionExpiry.forgot")}
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only">{t("sessionExpiry.newTab")}</span>
        </a>
      </form>
    </Dialog>
  );
}
