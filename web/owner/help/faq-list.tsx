import { ChevronDown } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";

/**
 * Questions about what the dashboard does today. The reservation questions (how they arrive, the
 * price, the emails) are answered from the reservations namespace, next to the screens they describe.
 */
const QUESTIONS = [
  "translation:help.faq.rename",
  "translation:help.faq.notVisible",
  "reservations:help.faq.bookings",
  "reservations:help.faq.price",
  "reservations:help.faq.emails",
  "customers:help.faq.doNotRent",
  "translation:help.faq.language",
  "translation:help.faq.restore",
  "translation:help.faq.session",
] as const;

const code = <code className="rounded bg-gray-100 px-1 py-0.5 font-mono text-[0.8125rem] text-gray-900" />;

/** Native <details>: keyboard and screen-reader support for free, and it works before any script. */
export function FaqList() {
  const { t } = useTranslation(["translation", "reservations", "customers"]);
  return (
    <div className="divide-y divide-gray-200">
      {QUESTIONS.map((key) => (
        <details key={key} className="group">
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-5 py-3 font-medium text-gray-900 hover:bg-gray-50 sm:px-6">
            {t(`${key}.q`)}
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-gray-500 transition-transform group-open:rotate-180"
            />
          </summary>
          <p className="px-5 pb-5 text-sm leading-6 text-gray-700 sm:px-6">
            <Trans t={t} i18nKey={`${key}.a`} components={{ code }} />
          </p>
        </details>
      ))}
    </div>
  );
}
