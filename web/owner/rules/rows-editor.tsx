import { cn } from "@web/lib/cn";
import { Button } from "@web/ui/button";
import { FieldError } from "@web/ui/field";
import { removeRowKeepingFocus } from "@web/ui/row-removal";
import { type LucideIcon, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";

type RowsEditorProps = {
  /** How many rows there are now. */
  count: number;
  /** Shown instead of the list while it is empty, under its icon. */
  empty: ReactNode;
  emptyIcon?: LucideIcon;
  /** The list's name for a screen reader. */
  listLabel: string;
  /** A message about the whole list (e.g. two rows overlapping), under it. */
  listError?: string;
  addLabel: string;
  onAdd: () => void;
  /** "3 de 20": how many there are against the most allowed. */
  countText: string;
  /** The add button stops at the most allowed, and while the form is being saved. */
  full: boolean;
  disabled?: boolean;
  /** The rows, each an `<li>`. */
  children: ReactNode;
};

/**
 * The frame of a repeated-rows editor (a landing's closed dates, extras and questions, a vehicle's
 * seasons): the rows as a numbered list or a dashed empty state, the list's own error, and the
 * add button with the count beside it. Each editor draws its own rows.
 */
export function RowsEditor({
  count,
  empty,
  emptyIcon: EmptyIcon,
  listLabel,
  listError,
  addLabel,
  onAdd,
  countText,
  full,
  disabled,
  children,
}: RowsEditorProps) {
  return (
    <div className="flex flex-col gap-3" data-rows="">
      {count === 0 ? (
        <p className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-gray-300 px-4 py-6 text-center text-sm text-gray-600">
          {EmptyIcon && <EmptyIcon aria-hidden="true" className="size-5 text-gray-400" />}
          {empty}
        </p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={listLabel}>
          {children}
        </ol>
      )}
      <FieldError message={listError} />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={onAdd} disabled={full || disabled} data-add-row="">
          <Plus aria-hidden="true" className="size-4" />
          {addLabel}
        </Button>
        <span className="text-sm text-gray-600">{countText}</span>
      </div>
    </div>
  );
}

/** A row's remove button: a bin named for its row ("Quitar temporada 2"), red on hover. */
export function RemoveRowButton({
  label,
  onRemove,
  disabled,
  className,
}: {
  label: string;
  onRemove: () => void;
  disabled?: boolean;
  /** Where it sits in its row's grid. */
  className: string;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={(event) => removeRowKeepingFocus(event.currentTarget, onRemove)}
      disabled={disabled}
      aria-label={label}
      data-remove-row=""
      title={label}
      className={cn("text-gray-500 hover:bg-red-50 hover:text-red-700", className)}
    >
      <Trash2 aria-hidden="true" className="size-4" />
    </Button>
  );
}
