import type { Landing } from "@domain/landings";
import type { Language } from "@domain/languages";
import { toLocal } from "@domain/rental-time";
import { displayMessage } from "@web/i18n/messages";
import { currentLanguage } from "@web/i18n/setup";
import { ApiError } from "@web/lib/api";
import { applyFieldErrors } from "@web/lib/form-errors";
import { formatWhen } from "@web/lib/format";
import { notify } from "@web/lib/notify";
import { useSession } from "@web/owner/auth";
import { Alert } from "@web/ui/alert";
import { Badge } from "@web/ui/badge";
import { Button } from "@web/ui/button";
import { ConfirmDialog } from "@web/ui/confirm-dialog";
import { FormSection } from "@web/ui/form-section";
import { PasswordField } from "@web/ui/password-field";
import { TextField } from "@web/ui/text-field";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type LandingPayments, useConnectStripe, useDisconnectStripe } from "./api";
import { CopyableAddress } from "./copyable-address";

/** The server's own words (Stripe unreachable, keys still needed) unless it failed outright. */
const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status > 0 && error.status !== 500 ? error.message : fallback;

/** When the keys were checked, on the landing's wall clock. */
function checkedAt(iso: string, timeZone: string, language: Language) {
  const local = toLocal(new Date(iso), timeZone);
  return formatWhen(local.date, local.time, language);
}

type Keys = { secret_key: string; publishable_key: string; webhook_secret: string };
const KEY_FIELDS = ["secret_key", "publishable_key", "webhook_secret"] as const;

/**
 * The operator's own Stripe account (issue 27.2): the webhook address to create in Stripe first,
 * then the three keys, checked with Stripe before they are kept; once connected, which account
 * and key it is (never the key itself), and a way to disconnect.
 */
export function StripeAccount({ landing, payments }: { landing: Landing; payments: LandingPayments }) {
  const { t } = useTranslation("landings");
  const userId = useSession()?.userId ?? 0;
  const connect = useConnectStripe(userId, landing.id);
  const disconnect = useDisconnectStripe(userId, landing.id);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Keys>({ defaultValues: { secret_key: "", publishable_key: "", webhook_secret: "" } });
  const { register, handleSubmit, setError, reset, formState } = form;
  const account = payments.account;

  const onConnect = handleSubmit(async (keys) => {
    setFailure(null);
    try {
      const answer = await connect.mutateAsync(keys);
      reset();
      notify.success("stripe-connect", answer.message);
    } catch (error) {
      if (!applyFieldErrors(error, setError, KEY_FIELDS)) setFailure(failureText(error, t("errors.generic")));
    }
  });
  const onDisconnect = async () => {
    try {
      const answer = await disconnect.mutateAsync(undefined);
      notify.success("stripe-connect", answer.message);
    } catch (error) {
      notify.error("stripe-connect", failureText(error, t("errors.generic")));
    } finally {
      setConfirming(false);
    }
  };
  const error = (name: keyof Keys) => displayMessage(t, formState.errors[name]?.message);

  return (
    <FormSection title={t("payments.stripeTitle")} description={t("payments.stripeDescription")}>
      <CopyableAddress
        label={t("payments.webhookUrl")}
        hint={t("payments.webhookUrlHint")}
        address={payments.webhook_url}
      />
      {account ? (
        <div className="flex flex-col gap-3 rounded-lg border border-gray-200 p-4" data-testid="stripe-account">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-gray-900">{account.display_name ?? account.account_id}</span>
            <Badge tone={account.test_mode ? "amber" : "green"}>
              {account.test_mode ? t("payments.testMode") : t("payments.liveMode")}
            </Badge>
          </div>
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-gray-600">{t("payments.account")}</dt>
            <dd className="font-mono break-all text-gray-900">{account.account_id}</dd>
            <dt className="text-gray-600">{t("payments.secretKey")}</dt>
            <dd className="font-mono text-gray-900">{account.secret_key_hint}</dd>
            <dt className="text-gray-600">{t("payments.checked")}</dt>
            <dd className="text-gray-900">{checkedAt(account.checked_at, landing.time_zone, currentLanguage())}</dd>
          </dl>
          <div>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t("payments.disconnect")}
            </Button>
          </div>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t("payments.disconnectTitle")}
            description={t("payments.disconnectBody", { account: account.display_name ?? account.account_id })}
            confirmLabel={t("payments.disconnect")}
            onConfirm={() => void onDisconnect()}
            destructive
            pending={disconnect.isPending}
          />
        </div>
      ) : (
        <form onSubmit={onConnect} noValidate className="flex flex-col gap-4" aria-label={t("payments.connectLabel")}>
          <PasswordField
            label={t("payments.secretKey")}
            hint={t("payments.secretKeyHint")}
            error={error("secret_key")}
            autoComplete="off"
            spellCheck={false}
            {...register("secret_key")}
          />
          <TextField
            label={t("payments.publishableKey")}
            hint={t("payments.publishableKeyHint")}
            error={error("publishable_key")}
            autoComplete="off"
            spellCheck={false}
            {...register("publishable_key")}
          />
          <PasswordField
            label={t("payments.webhookSecret")}
            hint={t("payments.webhookSecretHint")}
            error={error("webhook_secret")}
            autoComplete="off"
            spellCheck={false}
            {...register("webhook_secret")}
          />
          {failure && <Alert>{failure}</Alert>}
          <div>
            <Button type="submit" loading={connect.isPending}>
              {connect.isPending ? t("payments.checking") : t("payments.connect")}
            </Button>
          </div>
        </form>
      )}
    </FormSection>
  );
}
