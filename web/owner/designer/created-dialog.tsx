import { Button } from "@web/ui/button";
import { Dialog } from "@web/ui/dialog";
import { CircleCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CREATED_MODAL_MS } from "./steps";

/** "Landing created" with its business name: moves on by itself after two seconds, or at once on Aceptar (SPEC §2). */
export function CreatedDialog({ name, onContinue }: { name: string | null; onContinue: () => void }) {
  const { t } = useTranslation("landings");
  const open = name !== null;
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => setStarted(true));
    const timer = setTimeout(onContinue, CREATED_MODAL_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [open, onContinue]);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onContinue();
      }}
      title={t("wizard.createdTitle")}
      description={t("wizard.createdBody", { name: name ?? "" })}
      footer={
        <Button onClick={onContinue} autoFocus>
          {t("wizard.accept")}
        </Button>
      }
    >
      <div className="flex items-center gap-3 rounded-lg bg-green-50 p-3 text-sm text-green-800">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-green-600" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <span>{t("wizard.createdNext")}</span>
          <span aria-hidden="true" className="h-1 overflow-hidden rounded-full bg-green-200">
            <span
              className="block h-full rounded-full bg-green-600 transition-[width] ease-linear"
              style={{ width: started ? "100%" : "0%", transitionDuration: `${CREATED_MODAL_MS}ms` }}
            />
          </span>
        </div>
      </div>
    </Dialog>
  );
}
