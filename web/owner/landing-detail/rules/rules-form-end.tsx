import { Button } from "@web/ui/button";
import { FormActions } from "@web/ui/form-section";
import { SaveFailure } from "@web/ui/save-failure";
import { useTranslation } from "react-i18next";

type RulesFormEndProps = {
  /** Someone saved since the form was read (409): offer to reload. */
  stale: boolean;
  reloading: boolean;
  onReload: () => void;
  /** A save that failed otherwise, with the server's words when it said something. */
  failure: { reason: string | null } | null;
  failedText: string;
  dirty: boolean;
  onDiscard: () => void;
  pending: boolean;
  saveText: string;
};

/** The end of a form of "Reglas y tarifas" saved with its version: stale, failed, discard, save. */
export function RulesFormEnd({
  stale,
  reloading,
  onReload,
  failure,
  failedText,
  dirty,
  onDiscard,
  pending,
  saveText,
}: RulesFormEndProps) {
  const { t } = useTranslation("landings");
  return (
    <>
      <SaveFailure stale={stale} reloading={reloading} onReload={onReload} failure={failure} failedText={failedText} />
      <FormActions note={dirty ? t("config.unsaved") : undefined}>
        {dirty && (
          <Button variant="secondary" onClick={onDiscard} disabled={pending}>
            {t("rules.discard")}
          </Button>
        )}
        <Button type="submit" loading={pending}>
          {pending ? t("config.saving") : saveText}
        </Button>
      </FormActions>
    </>
  );
}
