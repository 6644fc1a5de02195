import { ApiError } from "@web/lib/api";
import { applyFieldErrors } from "@web/lib/form-errors";
import { notify } from "@web/lib/notify";
import { useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

type VersionedSaveOptions<T extends FieldValues, S> = {
  form: UseFormReturn<T>;
  draft: { clear: () => void };
  /** The toast key of this form's save. */
  action: string;
  /** The fields a 422 may name, asked at failure time because rows come and go. */
  fields: () => readonly Path<T>[];
  send: (values: T) => Promise<S>;
  /** Fetches what the server holds now, for the stale alert's reload. */
  refetch: () => Promise<S>;
  /** Takes up what the server answered (after a save or a reload): reset the form to it. */
  load: (fresh: S) => void;
  onSaved: () => void;
  onReloadError: (error: unknown) => void;
};

/**
 * Saving a form stamped with the version it was loaded at (a landing's rules, a vehicle's rules).
 * A 409 means someone saved meanwhile: what was typed stays and the stale alert offers a reload.
 * A 422 puts its messages under the fields; any other failure is left to the caller to word, with
 * the server's own words when it said something other than a 500.
 */
export function useVersionedSave<T extends FieldValues, S>(options: VersionedSaveOptions<T, S>) {
  const { form, draft, action } = options;
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [failure, setFailure] = useState<{ reason: string | null } | null>(null);

  const clearAlerts = () => {
    setStale(false);
    setFailure(null);
  };

  const showSaved = (fresh: S) => {
    options.load(fresh);
    draft.clear();
    clearAlerts();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    clearAlerts();
    notify.dismiss(action);
    try {
      showSaved(await options.send(values));
      options.onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setStale(true);
        return;
      }
      if (!applyFieldErrors(error, form.setError, options.fields())) {
        setFailure({ reason: error instanceof ApiError && error.status !== 500 ? error.message : null });
      }
    }
  });

  const reload = async () => {
    setReloading(true);
    try {
      showSaved(await options.refetch());
    } catch (error) {
      options.onReloadError(error);
    } finally {
      setReloading(false);
    }
  };

  const discard = () => {
    form.reset();
    draft.clear();
    clearAlerts();
  };

  return { onSubmit, reload, discard, stale, reloading, failure };
}
