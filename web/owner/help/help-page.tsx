import { Card } from "@web/ui/card";
import { PageHeader } from "@web/ui/page-header";
import { useTranslation } from "react-i18next";
import { FaqList } from "./faq-list";
import { GuideSteps } from "./guide-steps";
import { ReservationsGuide } from "./reservations-guide";

const SECTIONS = ["start", "reservations", "faq"] as const;

export function HelpPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("titles.help")} description={t("help.description")} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_14rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <section aria-labelledby="help-start" className="scroll-mt-24">
            <h2 id="help-start" className="mb-3 text-lg font-semibold text-gray-900">
              {t("help.sections.start")}
            </h2>
            <Card className="p-4 sm:p-6">
              <GuideSteps />
            </Card>
          </section>
          <section aria-labelledby="help-reservations" className="scroll-mt-24">
            <h2 id="help-reservations" className="mb-3 text-lg font-semibold text-gray-900">
              {t("help.sections.reservations")}
            </h2>
            <Card className="p-4 sm:p-6">
              <ReservationsGuide />
            </Card>
          </section>
          <section aria-labelledby="help-faq" className="scroll-mt-24">
            <h2 id="help-faq" className="mb-3 text-lg font-semibold text-gray-900">
              {t("help.sections.faq")}
            </h2>
            <Card className="overflow-hidden">
              <FaqList />
            </Card>
          </section>
        </div>
        <nav aria-label={t("help.onThisPage")} className="hidden lg:block">
          <div className="sticky top-10">
            <p className="text-xs font-semibold tracking-wide text-gray-600 uppercase">{t("help.onThisPage")}</p>
            <ul className="mt-3 flex flex-col gap-1 border-l border-gray-200">
              {SECTIONS.map((key) => (
                <li key={key}>
                  <a
                    href={`#help-${key}`}
                    className="-ml-px block border-l border-transparent py-1.5 pl-4 text-sm text-gray-700 hover:border-gray-400 hover:text-gray-900"
                  >
                    {t(`help.sections.${key}`)}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      </div>
    </>
  );
}
