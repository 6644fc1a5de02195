import { CarFront, Eye, LayoutTemplate, MapPin, Share2 } from "lucide-react";
import { useTranslation } from "react-i18next";

/** The path from an empty account to a live booking site, in the order an owner takes it. */
const STEPS = [
  { key: "create", icon: LayoutTemplate },
  { key: "fleet", icon: CarFront },
  { key: "extras", icon: MapPin },
  { key: "preview", icon: Eye },
  { key: "share", icon: Share2 },
] as const;

export function GuideSteps() {
  const { t, i18n } = useTranslation();
  const exampleUrl = `${window.location.origin}/autos-caribe`;
  return (
    <ol className="flex flex-col">
      {STEPS.map(({ key, icon: Icon }, index) => {
        const tipKey = `help.steps.${key}.tip`;
        return (
          <li key={key} className="relative flex gap-3 pb-8 last:pb-0 sm:gap-4">
            {index < STEPS.length - 1 && (
              <span
                aria-hidden="true"
                className="absolute top-11 bottom-2 left-[1.125rem] w-px bg-gray-200 sm:top-13 sm:left-[1.375rem]"
              />
            )}
            <span className="relative flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100 sm:size-11">
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
                  {t(tipKey, { url: exampleUrl })}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
