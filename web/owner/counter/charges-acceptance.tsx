import { SIGNER_NAME_MAX } from "@domain/documents";
import type { Reservation } from "@domain/reservations";
import { currentLanguage } from "@web/i18n/setup";
import { formatInstant, formatMoney } from "@web/lib/format";
import { Alert } from "@web/ui/alert";
import { Button } from "@web/ui/button";
import { Card } from "@web/ui/card";
import { TextField } from "@web/ui/text-field";
import { UnbrokenWhen } from "@web/ui/unbroken-when";
import { CheckCircle2 } from "lucide-react";
import { useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useAcceptCharges } from "./api";
import { fieldError, useHandoverSubmit } from "./form-state";
import { SignatureField, type SignatureHandle } from "./signature-field";

type Accepted = { by: string; at: string } | null;

/**
 * The return's charges handed to the customer (issue 28.4): they read them on this screen, write
 * their name and sign; where their deposit is held on the card, the charges are then taken from it
 * and the rest stays due on the invoice. Once accepted, the card says by whom and what the deposit paid.
 */
export function ChargesAcceptance({
  reservation,
  accepted,
  fromDepositCents,
  chargesTotalCents,
  signer: suggested,
  timeZone,
}: {
  reservation: Reservation;
  accepted: Accepted;
  /** The landing's: when the charges were accepted, on its wall clock. */
  timeZone: string;
  fromDepositCents: number;
  /** The charges shown above, sent with the signature: a correction saved meanwhile is refused, not signed for. */
  chargesTotalCents: number;
  signer: string;
}) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  const [signer, setSigner] = useState(suggested);
  const pad = useRef<SignatureHandle>(null);
  const accept = useAcceptCharges(reservation.id);
  const { errors, failure, submit } = useHandoverSubmit(reservation.id, () =>
    accept.mutateAsync({
      signer_name: signer,
      signature: pad.current?.read() ?? "",
      charges_total_cents: chargesTotalCents,
    }),
  );
  const busy = accept.isPending;
  if (accepted) {
    const when = formatInstant(accepted.at, timeZone, language);
    return (
      <Card className="flex items-start gap-3 p-4 sm:p-5" data-testid="charges-accepted">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
        <div className="text-sm text-gray-800">
          <p className="font-semibold text-gray-900">
            <Trans
              t={t}
              i18nKey="counter.chargesAcceptedBy"
              values={{ name: accepted.by, date: when }}
              components={{ date: <UnbrokenWhen /> }}
            />
          </p>
          {fromDepositCents > 0 && (
            <p className="mt-1">
              {t("counter.chargesFromDeposit", {
                amount: formatMoney(fromDepositCents, reservation.currency, language),
              })}
            </p>
          )}
        </div>
      </Card>
    );
  }
  return (
    <Card className="p-4 sm:p-5" data-testid="charges-acceptance">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t("counter.acceptTitle")}>
        <div>
          <h2 className="text-base font-semibold text-gray-900">{t("counter.acceptTitle")}</h2>
          <p className="mt-1 text-sm text-gray-700">{t("counter.acceptBody")}</p>
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
        <div>
          <Button type="submit" loading={busy}>
            {busy ? t("counter.saving") : t("counter.accept")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
