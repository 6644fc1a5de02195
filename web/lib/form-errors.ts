import type { TFunction } from "i18next";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api";

/**
 * Puts a 422's field messages under the matching fields and focuses the first one.
 * Returns whether any field got a message, so the caller knows if a form-level message is needed.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError) || error.status !== 422) return false;
  let applied = false;
  for (const field of fields) {
    const message = error.fieldMessage(field);
    if (!message) continue;
    setError(field, { type: "server", message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/**
 * The sentence for a failure no field explains: the server's own words when it said something
 * specific (rate limit, validation), otherwise the generic "unexpected error" (SPEC §8).
 */
export function formErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && (error.status === 429 || error.status === 422)) return error.message;
  return t("errors.unexpected");
}
