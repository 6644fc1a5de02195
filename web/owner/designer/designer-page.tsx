import { X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate } from "react-router";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { landingTitle } from "../landings/format";
import { DesignerStepper } from "./designer-stepper";
import { clearDraftLanding, readDraftLanding } from "./draft-landing";
import { stepIndexFor } from "./steps";

/**
 * /layout-designer: the frame of the three steps (SPEC §2). The cancel-process button forgets
 * the landing in progress and goes back to the list; a landing already created stays a draft there.
 */
export function DesignerPage() {
  const { t } = useTranslation("landings");
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [confirming, setConfirming] = useState(false);
  const draft = readDraftLanding();
  const current = stepIndexFor(pathname);

  const cancel = () => {
    clearDraftLanding();
    setConfirming(false);
    navigate("/landings");
  };

  return (
    <>
      <header className="mb-6 flex flex-col gap-4 lg:mb-8">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-[1.75rem]">
              {t("designer.title")}
            </h1>
            <p className="mt-1.5 max-w-2xl text-sm leading-6 text-gray-600 sm:text-base">
              {draft ? t("designer.descriptionDraft", { name: landingTitle(draft.name) }) : t("designer.description")}
            </p>
          </div>
          <Button variant="secondary" onClick={() => setConfirming(true)} className="max-sm:px-3">
            <X aria-hidden="true" className="size-4" />
            <span className="max-sm:sr-only">{t("designer.cancel")}</span>
          </Button>
        </div>
        <DesignerStepper current={current} reachable={draft !== null} />
      </header>
      <Outlet />
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("designer.cancelTitle")}
        description={
          draft ? t("designer.cancelBodyDraft", { name: landingTitle(draft.name) }) : t("designer.cancelBody")
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t("designer.keepGoing")}
            </Button>
            <Button variant="danger" onClick={cancel}>
              {t("designer.cancelConfirm")}
            </Button>
          </>
        }
      />
    </>
  );
}
