import { SIGNER_NAME_MAX } from "@domain/documents";
import type { Language } from "@domain/languages";
import type { Reservation } from "@domain/reservations";
import { currentLanguage } from "@web/i18n/setup";
import { formatInstant } from "@web/lib/format";
import { Alert } from "@web/ui/alert";
import { Button } from "@web/ui/button";
import { Card } from "@web/ui/card";
import { SelectField } from "@web/ui/native-select";
import { TextField } from "@web/ui/text-field";
import { UnbrokenWhen } from "@web/ui/unbroken-when";
import { FileText, PenLine } from "lucide-react";
import { useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { agreementPdfUrl, draftPdfUrl, useSignAgreement } from "./api";
import { fieldError, useHandoverSubmit } from "./form-state";
import { SignatureField, type SignatureHandle } from "./signature-field";

type Agreement = { version: number; language: Language; signer_name: string; signed_at: string };

/** A link that opens one of the booking's PDFs in the browser's own viewer, in a new tab. */
function PdfLink({ href, children }: { href: string; children: React.ReactNode }) {
  const { t } = useTranslation("reservations");
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="inline-flex items-center gap-1.5 font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800"
    >
      <FileText aria-hidden="true" className="size-4" />
      {children}
      <span className="sr-only"> {t("counter.agreement.newTab")}</span>
    </a>
  );
}

/**
 * The rental agreement at the counter (issue 28.3), once the car is checked out: the customer reads
 * the draft, writes their name and signs in the box; the signed PDF is then listed, and signing
 * again (a correction) makes the next version without touching the earlier ones.
 */
export function AgreementCard({
  reservation,
  agreements,
  mainDriver,
  timeZone,
}: {
  reservation: Reservation;
  agreements: Agreement[];
  mainDriver: string;
  /** The landing's: when each version was signed, on its wall clock. */
  timeZone: string;
}) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  const [signing, setSigning] = useState(agreements.length === 0);
  const [signer, setSigner] = useState(mainDriver || `${reservation.name} ${reservation.last_name}`.trim());
  const [documentLanguage, setDocumentLanguage] = useState<Language>(reservation.language === "en" ? "en" : "es");
  const pad = useRef<SignatureHandle>(null);
  const sign = useSignAgreement(reservation.id);
  const { errors, failure, submit } = useHandoverSubmit(reservation.id, async () => {
    const answer = await sign.mutateAsync({
      signer_name: signer,
      signature: pad.current?.read() ?? "",
      signature_kind: pad.current?.kind(),
      language: documentLanguage,
    });
    setSigning(false);
    return answer;
  });
  const when = (iso: string) => formatInstant(iso, timeZone, language);
  const busy = sign.isPending;

  return (
    <Card className="p-4 sm:p-5" data-testid="agreement">
      <h2 className="text-base font-semibold text-gray-900">{t("counter.agreement.title")}</h2>
      {agreements.length > 0 && (
        <ul className="mt-3 flex flex-col gap-2 text-sm" aria-label={t("counter.agreement.versions")}>
          {agreements.map((agreement, index) => (
            <li key={agreement.version} className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-gray-800">
                <Trans
                  t={t}
                  i18nKey={index === 0 ? "counter.agreement.current" : "counter.agreement.earlier"}
                  values={{ version: agreement.version, name: agreement.signer_name, date: when(agreement.signed_at) }}
                  components={{ date: <UnbrokenWhen /> }}
                />
              </span>
              <PdfLink href={agreementPdfUrl(reservation.id, agreement.version)}>
                {t("counter.agreement.open", { version: agreement.version })}
              </PdfLink>
            </li>
          ))}
        </ul>
      )}
      {!signing && (
        <div className="mt-4">
          <Button variant="secondary" onClick={() => setSigning(true)}>
            <PenLine aria-hidden="true" className="size-4" />
            {t("counter.agreement.signAgain")}
          </Button>
        </div>
      )}
      {signing && (
        <form
          onSubmit={submit}
          noValidate
          className="mt-4 flex flex-col gap-4"
          aria-label={t("counter.agreement.title")}
        >
          <p className="text-sm text-gray-700">
            {t(agreements.length > 0 ? "counter.agreement.correctionBody" : "counter.agreement.body")}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t("counter.agreement.language")}
              value={documentLanguage}
              onChange={(event) => setDocumentLanguage(event.target.value === "en" ? "en" : "es")}
              options={[
                { value: "es", label: "Español" },
                { value: "en", label: "English" },
              ]}
              disabled={busy}
            />
            <div className="flex items-end pb-2 text-sm">
              <PdfLink href={draftPdfUrl(reservation.id, documentLanguage)}>{t("counter.agreement.readDraft")}</PdfLink>
            </div>
          </div>
          <TextField
            label={t("counter.agreement.signer")}
            value={signer}
            maxLength={SIGNER_NAME_MAX}
            autoComplete="off"
            onChange={(event) => setSigner(event.target.value)}
            error={fieldError(errors, "signer_name")}
            disabled={busy}
          />
          <SignatureField ref={pad} name={signer} error={fieldError(errors, "signature")} disabled={busy} />
          {failure && <Alert>{failure}</Alert>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={busy}>
              {busy ? t("counter.saving") : t("counter.agreement.sign")}
            </Button>
            {agreements.length > 0 && (
              <Button variant="ghost" onClick={() => setSigning(false)} disabled={busy}>
                {t("counter.agreement.cancel")}
              </Button>
            )}
          </div>
        </form>
      )}
    </Card>
  );
}
