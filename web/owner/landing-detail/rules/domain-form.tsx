import {
  customDomainInputSchema,
  customDomainProblem,
  dnsRecordFor,
  normalizeCustomDomain,
} from "@domain/custom-domain";
import type { Landing } from "@domain/landings";
import { zodResolver } from "@hookform/resolvers/zod";
import { displayMessage } from "@web/i18n/messages";
import { ApiError } from "@web/lib/api";
import { applyFieldErrors } from "@web/lib/form-errors";
import { notify } from "@web/lib/notify";
import { useLeaveGuard } from "@web/lib/use-leave-guard";
import { useNarrowText } from "@web/lib/use-media-query";
import { useSession } from "@web/owner/auth";
import { Alert } from "@web/ui/alert";
import { Button } from "@web/ui/button";
import { ConfirmDialog } from "@web/ui/confirm-dialog";
import { FormSection } from "@web/ui/form-section";
import { TextField } from "@web/ui/text-field";
import { Globe } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSaveCustomDomain } from "./api";
import { DomainVerification } from "./domain-verification";

const ACTION = "landing-domain";
type DomainValues = { custom_domain: string };

/** The host visitors' DNS must point at: the one the landing's Nelly address is on. */
function platformHost(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname;
  } catch {
    return publicUrl;
  }
}

/**
 * "Dominio propio": the landing also answers at the owner's own domain once its DNS has a CNAME
 * record pointing at Nelly (README: the record and the TLS-terminating proxy) and the TXT record
 * that proves the domain is the owner's (`DomainVerification`). Saved on its own, with its own
 * button; "" removes the domain (after a confirmation naming it).
 */
export function DomainForm({ landing }: { landing: Landing }) {
  const narrow = useNarrowText();
  const { t } = useTranslation("landings");
  const userId = useSession()?.userId ?? 0;
  const save = useSaveCustomDomain(userId, landing.id);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [replacing, setReplacing] = useState<string | null>(null);
  const saved = landing.custom_domain ?? "";
  const form = useForm<DomainValues>({
    resolver: zodResolver(customDomainInputSchema, undefined, { raw: true }),
    defaultValues: { custom_domain: saved },
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isDirty },
  } = form;
  useLeaveGuard(isDirty);
  // The record names the domain being typed once it reads as one; until then, the saved one or an example.
  const typedDomain = normalizeCustomDomain(watch("custom_domain") ?? "");
  const typed = typedDomain && customDomainProblem(typedDomain) === null ? typedDomain : saved || t("domain.example");
  const target = platformHost(landing.public_url);

  const send = async (value: string) => {
    setFailure(null);
    notify.dismiss(ACTION);
    try {
      const answer = await save.mutateAsync(value);
      const next = answer.landing.custom_domain ?? "";
      reset({ custom_domain: next });
      notify.success(ACTION, next ? t("domain.saved") : t("domain.removed"));
      setConfirming(false);
      setReplacing(null);
    } catch (error) {
      setConfirming(false);
      setReplacing(null);
      if (!applyFieldErrors(error, setError, ["custom_domain"])) {
        setFailure(error instanceof ApiError && error.status !== 500 ? error.message : t("domain.failed"));
      }
    }
  };

  const onSubmit = handleSubmit(async ({ custom_domain }) => {
    // Emptying the field removes the domain: asked first, like any removal.
    if (custom_domain.trim() === "" && saved !== "") {
      setConfirming(true);
      return;
    }
    // Another domain in place of a verified one takes the site off it until the new one is verified.
    if (landing.custom_domain_verified && normalizeCustomDomain(custom_domain) !== saved) {
      setReplacing(custom_domain);
      return;
    }
    await send(custom_domain);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t("domain.title")}>
      <FormSection title={t("domain.title")} description={t("domain.body")}>
        <TextField
          label={t("domain.label")}
          hint={t(`domain.hint.${dnsRecordFor(target)}`, { domain: typed, target })}
          // On a narrow screen no field holds it whole; the section's text above names it all the same.
          placeholder={narrow ? undefined : t("domain.example")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="url"
          error={displayMessage(t, errors.custom_domain?.message)}
          disabled={save.isPending}
          {...register("custom_domain")}
        />
        {saved && !isDirty && landing.custom_domain_verified && (
          <p className="-mt-2 flex items-start gap-2 text-sm text-gray-700" data-testid="domain-status">
            <Globe aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            <span className="min-w-0 break-words">{t("domain.connected", { domain: saved })}</span>
          </p>
        )}
        {saved && !isDirty && landing.custom_domain_record && (
          <DomainVerification landing={landing} record={landing.custom_domain_record} />
        )}
        {failure && <Alert>{failure}</Alert>}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {saved && (
            <Button variant="secondary" onClick={() => setConfirming(true)} disabled={save.isPending}>
              {t("domain.remove")}
            </Button>
          )}
          <Button type="submit" loading={save.isPending && !confirming && replacing === null} disabled={!isDirty}>
            {t("domain.save")}
          </Button>
        </div>
      </FormSection>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!save.isPending) setConfirming(open);
        }}
        title={t("domain.removeTitle")}
        description={t("domain.removeBody", { domain: saved })}
        confirmLabel={t("domain.removeConfirm")}
        onConfirm={() => void send("")}
        destructive
        pending={save.isPending}
      />
      <ConfirmDialog
        open={replacing !== null}
        onOpenChange={(open) => {
          if (!open && !save.isPending) setReplacing(null);
        }}
        title={t("domain.replaceTitle")}
        description={t("domain.replaceBody", { domain: saved, next: normalizeCustomDomain(replacing ?? "") })}
        confirmLabel={t("domain.replaceConfirm")}
        onConfirm={() => void send(replacing ?? "")}
        destructive
        pending={save.isPending}
      />
    </form>
  );
}
