import { COUNTER_NOTE_MAX } from "@domain/counter";
import { textLength } from "@domain/text-length";
import { Alert } from "@web/ui/alert";
import { Button } from "@web/ui/button";
import { CountedTextareaField } from "@web/ui/counted-textarea-field";
import { FormActions, FormSection } from "@web/ui/form-section";
import { useTranslation } from "react-i18next";
import { type FieldErrors, fieldError } from "./form-state";

type FormEndProps = {
  note: string;
  onNote: (note: string) => void;
  errors: FieldErrors;
  failure: string | null;
  busy: boolean;
  /** The button's words: "Registrar entrega" or "Registrar devolución". */
  save: string;
  /** A correction's way out, leaving the record as it was. */
  onCancel?: () => void;
};

/** The end of a check-out or a check-in: the internal note, what went wrong, and the one button. */
export function FormEnd({ note, onNote, errors, failure, busy, save, onCancel }: FormEndProps) {
  const { t } = useTranslation("reservations");
  return (
    <>
      <FormSection title={t("counter.noteTitle")} description={t("counter.noteBody")}>
        {/* Counted, never cut: a pasted note past the limit is said so on saving (a walk's finding: it was cut at 1,000 without a word). */}
        <CountedTextareaField
          label={t("counter.note")}
          value={note}
          count={textLength(note.trim())}
          limit={COUNTER_NOTE_MAX}
          onChange={(event) => onNote(event.target.value)}
          error={fieldError(errors, "note")}
          disabled={busy}
        />
      </FormSection>
      {failure && <Alert>{failure}</Alert>}
      <FormActions>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t("counter.correctCancel")}
          </Button>
        )}
        <Button type="submit" loading={busy}>
          {busy ? t("counter.saving") : save}
        </Button>
      </FormActions>
    </>
  );
}
