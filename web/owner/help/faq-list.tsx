import { ChevronDown } from "lucide-react";
import { useTranslation } from "react-i18next";

const QUESTIONS = [
  "rename",
  "notVisible",
  "price",
  "availability",
  "cancellation",
  "language",
  "restore",
  "session",
] as const;

/** Native <details>: keyboard and screen-reader support for free, and it works before any script. */
export function FaqList() {
  const { t } = useTranslation();
  return (
    <div className="divide-y divide-gray-200">
      {QUESTIONS.map((key) => (
        <details key={key} className="group">
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-5 py-3 font-medium text-gray-900 hover:bg-gray-50 sm:px-6">
            {t(`help.faq.${key}.q`)}
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-gray-500 transition-transform group-open:rotate-180"
            />
          </summary>
          <p className="px-5 pb-5 text-sm leading-6 text-gray-700 sm:px-6">{t(`help.faq.${key}.a`)}</p>
        </details>
      ))}
    </div>
  );
}
