import type { Landing } from "@domain/landings";
import { currentLanguage } from "@web/i18n/setup";
import { formatMoney } from "@web/lib/format";
import { ButtonLink } from "@web/ui/button-link";
import { ReceiptText } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/**
 * What travellers are offered and charged beyond the vehicles' prices, said before publishing: a new
 * landing starts with SPEC §9's three extras and its cancellation fees, which no designer step
 * shows, and an operator found them first when a traveller cancelled (a walk's finding). Each
 * with the way to change it, in the landing's Configuración and Reglas. Shown in the wizard's last
 * step and on the landing's detail while it is ready to publish (either Publicar publishes at once).
 */
export function ChargesSummary({
  landing,
  level = 3,
}: {
  landing: Landing /** Its title's heading level. */;
  level?: 2 | 3;
}) {
  const Title = level === 2 ? "h2" : "h3";
  const Part = level === 2 ? "h3" : "h4";
  const { t } = useTranslation("landings");
  const titleId = useId();
  const language = currentLanguage();
  const money = (cents: number) => formatMoney(cents, landing.currency, language);
  const { cancellation_early_fee_cents: early, cancellation_late_fee_cents: late } = landing.rules;
  const hours = landing.rules.cancellation_window_hours;
  return (
    <section
      aria-labelledby={titleId}
      data-testid="charges-summary"
      className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-3 text-sm text-gray-700 shadow-xs sm:p-4"
    >
      <div className="flex items-start gap-3">
        <ReceiptText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-500" />
        <div className="min-w-0">
          <Title id={titleId} className="font-semibold text-gray-900">
            {t("designer.charges.title")}
          </Title>
          <p className="mt-0.5">{t("designer.charges.description")}</p>
        </div>
      </div>
      <div className="grid gap-x-8 gap-y-4 sm:grid-cols-2 sm:pl-7">
        <div className="flex flex-col gap-2">
          <Part className="font-medium text-gray-900">{t("designer.charges.extras")}</Part>
          {landing.addons.length === 0 ? (
            <p>{t("designer.charges.noExtras")}</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {landing.addons.map((addon) => (
                // The price under the name where the text is large for the screen: beside it the name had 12 px.
                <li key={addon.id} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 cramped:grid-cols-1">
                  <span className="min-w-0 break-words">{addon.name}</span>
                  <span className="text-right whitespace-nowrap tabular-nums cramped:text-left">
                    {t("designer.charges.perDay", { amount: money(addon.price_cents) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <ButtonLink to={`/view-landing/${landing.id}?tab=settings#extras`} variant="secondary" className="self-start">
            {t("designer.charges.changeExtras")}
          </ButtonLink>
        </div>
        <div className="flex flex-col gap-2">
          <Part className="font-medium text-gray-900">{t("designer.charges.cancellation")}</Part>
          <p>
            {early === 0 && late === 0
              ? t("designer.charges.freeCancellation")
              : t("designer.charges.fees", {
                  // Nothing said as nothing, not "US$0.00 si se cancela…" (a walk's finding).
                  early: early === 0 ? t("designer.charges.freeFirst") : money(early),
                  late: late === 0 ? t("designer.charges.free") : money(late),
                  count: hours,
                })}
          </p>
          <ButtonLink
            to={`/view-landing/${landing.id}?tab=rules#rules-cancellation`}
            variant="secondary"
            className="self-start"
          >
            {t("designer.charges.changeCancellation")}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
