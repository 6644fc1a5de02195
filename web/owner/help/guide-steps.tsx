import { CarFront, Eye, LayoutTemplate, MapPin, Search } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";

/**
 * The path from an empty account to a landing ready for customers, in the order an owner takes it.
 * Only what the dashboard does today: a step is added here when its feature ships.
 */
const STEPS = [
  { key: "create", icon: LayoutTemplate },
  { key: "fleet", icon: CarFront },
  { key: "extras", icon: MapPin },
  { key: "preview", icon: Eye },
  { key: "seo", icon: Search },
] as const;

/** The address the example name gets (the server's slug rules, SPEC §5); no host, which only the server knows. */
const EXAMPLE_SLUG = "autos-caribe";

export function GuideSteps() {
  const { t, i18n } = useTranslation();
  return (
    <ol className="flex flex-col">
      {STEPS.map(({ key, icon: Icon }, index) => {
        const tipKey = `help.steps.${key}.tip`;
        return (
          <li key={key} className="relative flex gap-3 pb-8 last:pb-0 sm:gap-4">
            {index < STEPS.length - 1 && (
              <span
                aria-hidden="true"
                className="absolute top-11 bottom-2 left-4.5 w-px bg-gray-200 cramped:hidden sm:top-13 sm:left-5.5"
              />
            )}
            {/* The step's mark and its line leave their room to the words where the text is large
                for the screen (its number is in its title): beside them "Características" broke. */}
            <span className="relative flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100 cramped:hidden sm:size-11">
              <Icon aria-hidden="true" className="size-4 sm:size-5" />
            </span>
            <div className="min-w-0 pt-1.5 sm:pt-2.5">
              <h3 className="font-semibold text-gray-900">
                <span className="text-brand-700">{t("help.stepNumber", { number: index + 1 })}</span>{" "}
                {t(`help.steps.${key}.title`)}
              </h3>
              <p className="mt-1.5 text-sm leading-6 text-gray-700">{t(`help.steps.${key}.body`)}</p>
              {i18n.exists(tipKey) && (
                <p className="mt-3 rounded-lg bg-gray-50 px-3 py-2.5 text-sm leading-6 text-gray-700 ring-1 ring-gray-200">
                  <Trans
                    i18nKey={tipKey}
                    values={{ slug: EXAMPLE_SLUG }}
                    components={{ slug: <span className="font-medium whitespace-nowrap text-gray-900" /> }}
                  />
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
