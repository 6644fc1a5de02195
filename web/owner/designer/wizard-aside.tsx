import { cn } from "@web/lib/cn";
import { useMediaQuery } from "@web/lib/use-media-query";
import { Card } from "@web/ui/card";
import { ChevronDown, Eye } from "lucide-react";
import { type ReactNode, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

type WizardAsideProps = {
  /** The live preview of the landing being created. */
  preview: ReactNode;
  /** What is missing and Continuar, with the note's extra classes. */
  actions: (noteClassName?: string) => ReactNode;
};

/**
 * The wizard's right-hand column: the live preview beside the form on a wide screen, with
 * Continuar under it; on a phone the preview folds away below the form and Continuar stays in a
 * bar at the bottom of the screen.
 */
export function WizardAside({ preview, actions }: WizardAsideProps) {
  const { t } = useTranslation("landings");
  const wide = useMediaQuery("(min-width: 1024px)");
  const previewId = useId();
  const [previewOpen, setPreviewOpen] = useState(false);
  const previewSection = useRef<HTMLElement>(null);
  return (
    <>
      <div className="flex flex-col gap-4 lg:sticky lg:top-6">
        {wide ? (
          <section aria-labelledby="wizard-preview-title" className="flex flex-col gap-3">
            <div className="flex items-center justify-between gap-3">
              <h2 id="wizard-preview-title" className="flex items-center gap-2 text-base font-semibold text-gray-900">
                <Eye aria-hidden="true" className="size-4 text-gray-500" />
                {t("wizard.previewTitle")}
              </h2>
              <span className="text-sm text-gray-600">{t("wizard.previewLive")}</span>
            </div>
            {preview}
          </section>
        ) : (
          // On a phone the preview is folded away, so the form and its Continuar come first.
          <section
            ref={previewSection}
            aria-labelledby="wizard-preview-title"
            className="flex scroll-mt-20 flex-col gap-3"
          >
            <h2 id="wizard-preview-title" className="text-base font-semibold text-gray-900">
              <button
                type="button"
                aria-expanded={previewOpen}
                aria-controls={previewId}
                onClick={() => {
                  const opening = !previewOpen;
                  setPreviewOpen(opening);
                  // Opened below the form: bring it into view, under the top bar.
                  if (opening) {
                    requestAnimationFrame(() =>
                      previewSection.current?.scrollIntoView({ block: "start", behavior: "smooth" }),
                    );
                  }
                }}
                className="flex min-h-11 w-full items-center gap-2 rounded-lg border border-gray-200 bg-white px-4 py-2 text-left shadow-xs hover:bg-gray-50"
              >
                <Eye aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
                <span className="flex-1">{t("wizard.previewTitle")}</span>
                <span className="text-sm font-medium text-brand-700">
                  {previewOpen ? t("wizard.previewHide") : t("wizard.previewShow")}
                </span>
                <ChevronDown
                  aria-hidden="true"
                  className={cn("size-4 shrink-0 text-brand-700 transition-transform", previewOpen && "rotate-180")}
                />
              </button>
            </h2>
            <div id={previewId} hidden={!previewOpen}>
              {previewOpen && preview}
            </div>
          </section>
        )}
        {wide && <Card className="flex flex-row items-center justify-between gap-3 p-4">{actions()}</Card>}
      </div>
      {!wide && (
        // The action bar stays at the bottom of the screen while the owner scrolls the form.
        <div
          className="sticky bottom-0 z-10 -mx-4 -mb-6 flex flex-col gap-2 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_-6px_rgb(0_0_0/0.12)] backdrop-blur sm:-mx-6 sm:-mb-8 sm:px-6"
          data-testid="wizard-actions"
        >
          {actions("text-xs sm:text-sm")}
        </div>
      )}
    </>
  );
}
