import type { DamageMark } from "@domain/counter";
import { Button } from "@web/ui/button";
import { FieldError } from "@web/ui/field";
import { Input } from "@web/ui/input";
import { removeRowKeepingFocus } from "@web/ui/row-removal";
import { Trash2 } from "lucide-react";
import { type Dispatch, type SetStateAction, useId } from "react";
import { useTranslation } from "react-i18next";
import { zoneName } from "./damage-diagram";
import { type FieldErrors, fieldError } from "./form-state";
import { PhotoField } from "./photo-field";

type MarksListProps = {
  reservationId: number;
  marks: DamageMark[];
  /** The form's own state setter: a mark's photo arrives seconds later, and changes the marks as they are then. */
  onChange: Dispatch<SetStateAction<DamageMark[]>>;
  errors: FieldErrors;
  disabled?: boolean;
  /** At check-in, where the check-out's marks show in grey above: none added is "no new damage". */
  afterEarlier?: boolean;
};

/** The marks added on the diagram, each with a note of what it is ("Rayón de 5 cm"), removable. */
export function MarksList({ reservationId, marks, onChange, errors, disabled, afterEarlier }: MarksListProps) {
  const { t } = useTranslation("reservations");
  const idBase = useId();
  if (marks.length === 0) {
    return <p className="text-sm text-gray-600">{t(afterEarlier ? "counter.noNewMarks" : "counter.noMarks")}</p>;
  }
  return (
    <ol className="flex flex-col gap-2">
      {marks.map((mark, index) => {
        const error = fieldError(errors, `marks.${index}.note`) ?? fieldError(errors, `marks.${index}.zone`);
        const label = t("counter.markNote", { number: index + 1, zone: zoneName(t, mark.zone) });
        const errorId = `${idBase}-mark-${index}-error`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: marks have no id; a removed one shifts the rest.
          <li key={index} className="flex flex-col gap-2 border-b border-gray-100 pb-3 last:border-b-0">
            {/* On a phone the zone's name goes above its note, which keeps the width to be read. */}
            <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
              <span className="w-full text-sm font-medium text-gray-800 sm:w-32 sm:shrink-0">
                {index + 1}. {zoneName(t, mark.zone)}
              </span>
              <Input
                className="min-w-0 flex-1"
                aria-label={label}
                value={mark.note}
                // Not cut as it is typed or pasted: a note past its limit is refused by name on saving.
                placeholder={t("counter.markPlaceholder")}
                disabled={disabled}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => {
                  const note = event.target.value;
                  onChange((current) => current.map((item, at) => (at === index ? { ...item, note } : item)));
                }}
              />
              <Button
                variant="ghost"
                onClick={(event) =>
                  removeRowKeepingFocus(
                    event.currentTarget,
                    () => onChange((current) => current.filter((_, at) => at !== index)),
                    // The last mark gone: back to its zone on the diagram, where marks are added.
                    `[data-zone="${mark.zone}"]`,
                  )
                }
                disabled={disabled}
                aria-label={t("counter.removeMark", { number: index + 1 })}
                data-remove-row=""
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
            <FieldError id={errorId} message={error} />
            <PhotoField
              reservationId={reservationId}
              kind="damage"
              label={t("counter.markPhoto", { number: index + 1 })}
              photoId={mark.photo_id}
              onChange={(photoId) =>
                onChange((current) => current.map((item, at) => (at === index ? { ...item, photo_id: photoId } : item)))
              }
              error={fieldError(errors, `marks.${index}.photo_id`)}
              disabled={disabled}
            />
          </li>
        );
      })}
    </ol>
  );
}
