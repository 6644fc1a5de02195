import { Button } from "@web/ui/button";
import { History } from "lucide-react";
import { useTranslation } from "react-i18next";

export type ForgottenFile = {
  /** Which field: its label in the sentence ("el logo «logo.png»"). */
  field: "logo" | "favicon" | "ogImage";
  /** The name of the file that had been chosen. */
  name: string;
};

/**
 * Said above a landing form whose unsaved text came back from its draft (web/lib/use-form-draft.ts):
 * what came back, that files chosen before could not be kept and must be chosen again, and a way
 * to drop it all and see what is saved.
 */
export function DraftRestoredNote({ files, onDiscard }: { files: ForgottenFile[]; onDiscard: () => void }) {
  const { t, i18n } = useTranslation("landings");
  const fileList = new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(
    files.map((file) => t(`drafts.file.${file.field}`, { name: file.name })),
  );
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-100 sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-start gap-2.5">
        <History aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        <div className="flex min-w-0 flex-col gap-1">
          <p>{t("drafts.restored")}</p>
          {files.length > 0 && (
            <p className="font-medium" data-testid="draft-files-note">
              {t("drafts.filesNotKept", { files: fileList })}
            </p>
          )}
        </div>
      </div>
      <Button variant="secondary" onClick={onDiscard} className="shrink-0 self-start max-sm:ml-6.5 sm:self-center">
        {t("drafts.discard")}
      </Button>
    </div>
  );
}
