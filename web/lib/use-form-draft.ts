import { useCallback, useEffect, useRef, useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

/**
 * Keeps what the owner typed in a react-hook-form form across a reload, a crash or the session
 * ending mid-form: the values are saved in sessionStorage (this tab only) under `key`, per
 * signed-in owner, and put back when the form mounts again.
 *
 * Use it in any form (wizard, Configuración, SEO, vehicle form...), after useForm:
 *
 *   const form = useForm({ defaultValues: fromServer(landing) });
 *   const draft = useFormDraft(`landing-config:${landing.id}`, form, { exclude: ["logo"] });
 *   const leave = useLeaveGuard(form.formState.isDirty, { onLeave: draft.clear });
 *   ...on a successful save: form.reset(saved); draft.clear();   ...on "Discard": form.reset(); draft.clear();
 *   {draft.restored && <p>{t("drafts.restored")}</p>}   (optional: say the text came back)
 *
 * - Give each record its own key (`vehicle:${landingId}:${vehicleId ?? "new"}`), so two drafts
 *   never mix; the owner's id is added here.
 * - Restored values are applied over the form's defaults with `keepDefaultValues`, so the form
 *   is dirty again and its Save and Discard buttons behave as before the reload.
 * - The draft follows every change and is removed once the values equal the defaults again.
 * - `exclude` names top-level fields.
 * - Files cannot be kept here: a File or Blob cannot be written to sessionStorage (and a file input
 *   cannot be filled by a script), so file fields are left out; keep one with useFileDraft
 *   (web/lib/use-file-draft.ts), or say next to it that it must be chosen again. Passwords must
 *   never be stored: list them in `exclude`.
 * - Values go through JSON: strings, numbers, booleans, arrays and plain objects round-trip; a
 *   Date comes back as a string.
 */
export function useFormDraft<T extends FieldValues, TContext = unknown, TOutput = T>(
  key: string,
  form: UseFormReturn<T, TContext, TOutput>,
  options: { exclude?: readonly Path<T>[] } = {},
): { restored: boolean; clear: () => void } {
  const { restored, setRestored, clear } = useRestoredFlag(key);
  const exclude = useRef(options.exclude ?? []);
  exclude.current = options.exclude ?? [];
  const { reset, getValues, watch, control } = form;

  // Restore once per key, then follow every change.
  useEffect(() => {
    const storageKey = draftStorageKey(key);
    if (!storageKey) return;
    const saved = readDraft(storageKey);
    if (saved) {
      const current = getValues();
      const merged = { ...current };
      for (const [field, value] of Object.entries(saved)) {
        if (field in current && !exclude.current.includes(field as Path<T>)) {
          (merged as Record<string, unknown>)[field] = value;
        }
      }
      reset(merged, { keepDefaultValues: true, keepErrors: false });
      setRestored(true);
    }
    const subscription = watch((values) => {
      const kept = storable(values as Record<string, unknown>, exclude.current);
      // The form's defaults as they are now: a reset to a newer version (another section of the
      // page saved) has replaced them before it tells the watchers, while those of the last
      // render are still the old ones; compared with those, untouched values read as typed and
      // were kept as a draft, which came back later as "unsaved" with the old version (a 409).
      const base = storable(control._defaultValues as Record<string, unknown>, exclude.current);
      if (JSON.stringify(kept) === JSON.stringify(base)) removeItem(storageKey);
      else setItem(storageKey, JSON.stringify(kept));
    });
    return () => subscription.unsubscribe();
  }, [key, getValues, reset, watch, control, setRestored]);

  return { restored, clear };
}

/**
 * useFormDraft for a form kept in useState (the counter's check-out): `values` is written under
 * `key` as they change, and removed once they equal `initial` again; what was kept is handed to
 * `restore` once, when the form mounts. Call `clear` once the form is sent.
 */
export function useStateDraft<T extends Record<string, unknown>>(
  key: string,
  values: T,
  initial: T,
  restore: (saved: Partial<T>) => void,
): { restored: boolean; clear: () => void } {
  const { restored, setRestored, clear } = useRestoredFlag(key);
  const mounted = useRef(false);
  const restoreOnce = useRef(restore);
  restoreOnce.current = restore;
  const written = JSON.stringify(storable(values, []));
  const untouched = JSON.stringify(storable(initial, []));

  useEffect(() => {
    const storageKey = draftStorageKey(key);
    const saved = storageKey ? readDraft(storageKey) : null;
    if (saved) {
      restoreOnce.current(saved as Partial<T>);
      setRestored(true);
    }
  }, [key, setRestored]);

  useEffect(() => {
    // Not on mount: the values are still the initial ones, and a draft being restored would be lost.
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    const storageKey = draftStorageKey(key);
    if (!storageKey) return;
    if (written === untouched) removeItem(storageKey);
    else setItem(storageKey, written);
  }, [key, written, untouched]);

  return { restored, clear };
}

const PREFIX = "nelly.draft.";
let scopeOf: () => string | null = () => null;

/**
 * Whose drafts these are (the signed-in owner's id), set once by the dashboard's session module.
 * With no scope (nobody signed in) drafts are neither read nor written.
 */
export function setDraftScope(scope: () => string | null) {
  scopeOf = scope;
}

/** Forgets drafts: every one (signing out), or all but `keepScope`'s (another owner signed in). */
export function clearDrafts(keepScope?: string) {
  try {
    for (let index = sessionStorage.length - 1; index >= 0; index--) {
      const name = sessionStorage.key(index);
      if (!name?.startsWith(PREFIX)) continue;
      if (keepScope !== undefined && name.startsWith(`${PREFIX}${keepScope}.`)) continue;
      sessionStorage.removeItem(name);
    }
  } catch {
    // Storage unavailable: there is nothing to forget.
  }
}

/** Whose drafts are written now (the signed-in owner's id), or null: shared with file drafts. */
export const currentDraftScope = () => scopeOf();

/** Whether the draft under `key` came back, and how to forget it (once sent or discarded). */
function useRestoredFlag(key: string) {
  const [restored, setRestored] = useState(false);
  const clear = useCallback(() => {
    forgetDraft(key);
    setRestored(false);
  }, [key]);
  return { restored, setRestored, clear };
}

/** Removes the signed-in owner's draft under `key`, if any. */
function forgetDraft(key: string) {
  const storageKey = draftStorageKey(key);
  if (storageKey) removeItem(storageKey);
}

function draftStorageKey(key: string): string | null {
  const scope = scopeOf();
  return scope ? `${PREFIX}${scope}.${key}` : null;
}

function isFileLike(value: unknown): boolean {
  return (
    (typeof Blob !== "undefined" && value instanceof Blob) ||
    (typeof FileList !== "undefined" && value instanceof FileList)
  );
}

/** The values as they can be stored: excluded fields and files left out. */
function storable(values: Record<string, unknown>, exclude: readonly string[]): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    if (exclude.includes(field) || value === undefined || isFileLike(value)) continue;
    kept[field] = JSON.parse(JSON.stringify(value, (_, inner) => (isFileLike(inner) ? undefined : inner)) ?? "null");
  }
  return kept;
}

function readDraft(storageKey: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? "null");
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function setItem(storageKey: string, value: string) {
  try {
    sessionStorage.setItem(storageKey, value);
  } catch {
    // Private mode or a full quota: the form still works, only without the safety net.
  }
}

function removeItem(storageKey: string) {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
