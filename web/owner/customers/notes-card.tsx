import { CUSTOMER_NOTES_MAX, type Customer } from "@domain/customers";
import { textLength } from "@domain/text-length";
import { useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { useLeaveGuard } from "@web/lib/use-leave-guard";
import { Alert } from "@web/ui/alert";
import { Button } from "@web/ui/button";
import { Card } from "@web/ui/card";
import { CharCounter } from "@web/ui/char-counter";
import { TextareaField } from "@web/ui/textarea-field";
import { NotebookPen, RotateCw } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { customerQuery, useSaveNotes } from "./api";

/**
 * The owner's notes about a customer, saved with the version the page read: a save over someone
 * else's newer one is refused, and the owner reloads the record without losing what they typed.
 */
export function NotesCard({ customer }: { customer: Customer }) {
  const { t } = useTranslation("customers");
  const queryClient = useQueryClient();
  const save = useSaveNotes(customer.id);
  const [text, setText] = useState(customer.notes);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const counterId = useId();
  // The record read again (a reload, a save): the box follows it unless the owner typed meanwhile.
  const previous = useRef(customer.notes);
  useEffect(() => {
    if (previous.current === customer.notes) return;
    const before = previous.current;
    setText((typed) => (typed.trim() === before.trim() ? customer.notes : typed));
    previous.current = customer.notes;
  }, [customer.notes]);

  const changed = text.trim() !== customer.notes.trim();
  // Leaving with a note typed and not saved asks first, as every form of the dashboard does.
  useLeaveGuard(changed);
  const tooLong = textLength(text.trim()) > CUSTOMER_NOTES_MAX;
  const action = `customer-notes:${customer.id}`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || !changed || tooLong) return;
    setError(null);
    setStale(false);
    save.mutate(
      { notes: text, version: customer.version },
      {
        onSuccess: (answer) => {
          setText(answer.customer.notes);
          notify.success(action, answer.message);
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 409) setStale(true);
          else if (failure instanceof ApiError && failure.status === 422) {
            setError(failure.fieldMessage("notes") ?? failure.message);
          } else notify.error(action, t("notes.error"));
        },
      },
    );
  };

  return (
    <Card className="p-5">
      <form onSubmit={onSubmit} aria-labelledby="customer-notes-title" className="flex flex-col gap-4">
        <h2 id="customer-notes-title" className="flex items-center gap-2 text-base font-semibold text-gray-900">
          <NotebookPen aria-hidden="true" className="size-4 text-gray-500" />
          {t("notes.title")}
        </h2>
        <TextareaField
          label={t("notes.label")}
          hint={t("notes.hint")}
          error={error ?? (tooLong ? t("api:customerNotesTooLong") : undefined)}
          labelAside={<CharCounter id={counterId} count={textLength(text.trim())} max={CUSTOMER_NOTES_MAX} />}
          value={text}
          rows={5}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          data-testid="customer-notes"
        />
        {stale && (
          <Alert>
            <p>{t("notes.stale")}</p>
            <Button
              variant="secondary"
              className="mt-3"
              onClick={() => {
                setStale(false);
                void queryClient.invalidateQueries({ queryKey: customerQuery(customer.id).queryKey });
              }}
            >
              <RotateCw aria-hidden="true" className="size-4" />
              {t("notes.reload")}
            </Button>
          </Alert>
        )}
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending} disabled={!changed || tooLong}>
            {t("notes.save")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
