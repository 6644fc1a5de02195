import type { Landing } from "@domain/landings";
import { ApiError } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { useSession } from "@web/owner/auth";
import { Alert } from "@web/ui/alert";
import { Button } from "@web/ui/button";
import { LabelledCopyField } from "@web/ui/copy-field";
import { ShieldAlert } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useVerifyCustomDomain } from "./api";

const ACTION = "landing-domain-verify";

/** One value of the TXT record, with its label and a button that copies it. */
function RecordValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation("landings");
  return (
    <LabelledCopyField
      label={label}
      value={value}
      copyLabel={t("domain.copy")}
      copied={t("domain.copied")}
      copyFailed={t("domain.copyFailed")}
      toast="domain-record-copy"
      variant="secondary"
    />
  );
}

/**
 * A domain saved but not proved the owner's: it serves nothing until its DNS holds the TXT record
 * the server gave this claim (anyone can type any name). Shows the record to create and asks the
 * server to look for it; the answer (not found yet, a DNS that could not be asked) stays in view.
 */
export function DomainVerification({ landing, record }: { landing: Landing; record: { name: string; value: string } }) {
  const { t } = useTranslation("landings");
  const userId = useSession()?.userId ?? 0;
  const verify = useVerifyCustomDomain(userId, landing.id);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();

  // The button shows it busy only once React draws again: a double click's second click came first,
  // and the DNS was asked twice, seconds each (a walk's finding).
  const checking = useRef(false);
  const check = async () => {
    if (checking.current) return;
    checking.current = true;
    setFailure(null);
    notify.dismiss(ACTION);
    try {
      const answer = await verify.mutateAsync();
      notify.success(ACTION, answer.message);
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status !== 500
          ? (error.fieldMessage("custom_domain") ?? error.message)
          : t("domain.verifyFailed"),
      );
    } finally {
      checking.current = false;
    }
  };

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-lg border border-amber-200 bg-amber-50 p-4"
      data-testid="domain-verification"
    >
      <div className="flex items-start gap-2">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold text-gray-900">
            {t("domain.pendingTitle")}
          </h3>
          <p className="mt-1 text-sm break-words text-gray-700">
            {t("domain.pendingBody", { domain: landing.custom_domain })}
          </p>
        </div>
      </div>
      <RecordValue label={t("domain.recordName")} value={record.name} />
      <RecordValue label={t("domain.recordValue")} value={record.value} />
      {failure && <Alert>{failure}</Alert>}
      <div className="flex sm:justify-end">
        <Button onClick={() => void check()} loading={verify.isPending} className="max-sm:w-full">
          {verify.isPending ? t("domain.verifying") : t("domain.verify")}
        </Button>
      </div>
    </section>
  );
}
