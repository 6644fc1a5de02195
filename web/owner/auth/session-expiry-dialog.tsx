import { Clock } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../lib/api";
import { formErrorMessage } from "../../lib/form-errors";
import { notify } from "../../lib/notify";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { PasswordField } from "../../ui/password-field";
import { useRenewSession } from "./api";
import { endExpiredSession } from "./end-session";
import { sessionDeadline, useSession } from "./session-store";

/** How long before the end of the session (1 hour, SPEC §4) the owner is warned. */
export const EXPIRY_WARNING_MS = 5 * 60 * 1000;

/**
 * Milliseconds left before `deadline` once fewer than `windowMs` remain (null before that).
 * Sleeps until the window opens, then ticks every second; waking the tab re-reads the clock.
 */
function useCountdown(deadline: number | null, windowMs: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  const inWindow = deadline !== null && deadline - now <= windowMs;
  // Before the window the timer is re-armed after each wake-up, in case it fired early.
  const rearm = inWindow ? 0 : now;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `rearm` re-arms the sleep on purpose.
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => setNow(Date.now());
    const onVisible = () => {
      if (document.visibilityState === "visible") tick();
    };
    document.addEventListener("visibilitychange", onVisible);
    const untilWindow = deadline - windowMs - Date.now();
    const timer = untilWindow > 0 ? window.setTimeout(tick, untilWindow) : window.setInterval(tick, 1000);
    if (untilWindow <= 0) tick();
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.clearTimeout(timer);
      window.clearInterval(timer);
    };
  }, [deadline, windowMs, inWindow, rearm]);

  return inWindow && deadline !== null ? deadline - now : null;
}

const clockTime = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

/**
 * A few minutes before the session ends, a dialog offers to sign in again right here: the
 * password is checked by the login call, which renews the session cookie without leaving the page,
 * so a half-filled form stays as it is. At the end the session is closed (SPEC §4); the page and
 * the forms' drafts are remembered for the next sign-in.
 */
export function SessionExpiryDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const deadline = session ? sessionDeadline(session) : null;
  const msLeft = useCountdown(deadline, EXPIRY_WARNING_MS);
  const [dismissedFor, setDismissedFor] = useState<number | null>(null);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const renew = useRenewSession();
  const formId = useId();

  const expired = msLeft !== null && msLeft <= 0;
  useEffect(() => {
    if (expired) endExpiredSession(navigate);
  }, [expired, navigate]);

  const open = session !== null && msLeft !== null && !expired && dismissedFor !== deadline;

  // A fresh warning starts with an empty form.
  useEffect(() => {
    if (!open) {
      setPassword("");
      setError(undefined);
    }
  }, [open]);

  if (!session) return null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError(t("api:required"));
      return;
    }
    setError(undefined);
    try {
      await renew.mutateAsync({ email: session.user.email, password });
      notify.success("session-renew", t("sessionExpiry.renewed"));
    } catch (failure) {
      // A wrong password comes back as a field error on the email (the login form's shape).
      const fieldMessage =
        failure instanceof ApiError ? (failure.fieldMessage("password") ?? failure.fieldMessage("email")) : undefined;
      setError(fieldMessage ?? formErrorMessage(failure, t));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setDismissedFor(deadline);
      }}
      title={t("sessionExpiry.title")}
      description={t("sessionExpiry.body")}
      footer={
        <>
          <Button variant="secondary" onClick={() => setDismissedFor(deadline)} disabled={renew.isPending}>
            {t("sessionExpiry.later")}
          </Button>
          <Button type="submit" form={formId} loading={renew.isPending}>
            {renew.isPending ? t("sessionExpiry.submitting") : t("sessionExpiry.submit")}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p
          role="timer"
          className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2.5 text-sm font-medium text-amber-900 ring-1 ring-amber-200"
        >
          <Clock aria-hidden="true" className="size-4 shrink-0 text-amber-700" />
          <span>{t("sessionExpiry.countdown", { time: clockTime(msLeft ?? 0) })}</span>
        </p>
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
      </form>
    </Dialog>
  );
}
