import { DEFAULT_CANCELLATION_POLICY } from "@domain/cancellation";
import { RESERVATION_STATUSES } from "@domain/reservations";
import { currentLanguage } from "@web/i18n/setup";
import { amountInputText } from "@web/lib/format";
import { ButtonLink } from "@web/ui/button-link";
import { CalendarCheck, Mail } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { ReservationStatusBadge } from "../reservations";

const code = <code className="rounded bg-gray-100 px-1 py-0.5 font-mono text-[0.8125rem] text-gray-900" />;

/** The policy's amounts without a currency sign: they are charged in each landing's own currency. */
const plainAmount = (cents: number) => amountInputText(cents, currentLanguage());

/**
 * Reservations as they work today: how they arrive (the landing's public site, or the API), their
 * statuses, what the owner can do, the cancellation fee, and where the emails go.
 */
export function ReservationsGuide() {
  const { t } = useTranslation("reservations");
  // Each landing sets its own policy (Reglas y tarifas): the guide names the default's figures as such.
  const policy = DEFAULT_CANCELLATION_POLICY;
  return (
    <div className="flex items-start gap-3 sm:gap-4">
      {/* Its mark leaves its room to the words where the text is large for the screen. */}
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100 cramped:hidden sm:size-11">
        <CalendarCheck aria-hidden="true" className="size-4 sm:size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-5 text-sm leading-6 text-gray-700 sm:pt-2.5">
        <div className="flex flex-col gap-3">
          <p>{t("help.intro")}</p>
          <p className="rounded-lg bg-gray-50 px-3 py-2.5 ring-1 ring-gray-200">{t("help.arrive")}</p>
        </div>

        <div>
          <h3 className="font-semibold text-gray-900">{t("help.statusesTitle")}</h3>
          <dl className="mt-2 flex flex-col gap-2.5">
            {RESERVATION_STATUSES.map((status) => (
              <div key={status} className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:gap-3">
                <dt className="shrink-0 sm:w-28">
                  <ReservationStatusBadge status={status} />
                </dt>
                <dd>{t(`help.statuses.${status}`)}</dd>
              </div>
            ))}
          </dl>
        </div>

        <div>
          <h3 className="font-semibold text-gray-900">{t("help.actionsTitle")}</h3>
          <p className="mt-1.5">
            {t("help.actions", {
              early: plainAmount(policy.earlyFeeCents),
              late: plainAmount(policy.lateFeeCents),
              hours: policy.windowHours,
            })}
          </p>
        </div>

        <div>
          <h3 className="flex items-center gap-2 font-semibold text-gray-900">
            <Mail aria-hidden="true" className="size-4 text-gray-500" />
            {t("help.emailsTitle")}
          </h3>
          <p className="mt-1.5">{t("help.emails")}</p>
          <p className="mt-2">
            <Trans t={t} i18nKey="help.outbox" components={{ code }} />
          </p>
        </div>

        <div>
          <ButtonLink to="/reservation" variant="secondary">
            <CalendarCheck aria-hidden="true" className="size-4" />
            {t("help.open")}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
