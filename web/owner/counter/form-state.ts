import { useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { createContext, useContext, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { reservationQuery } from "../reservations";
import { counterQuery } from "./api";

/**
 * Told of a 409 (the booking moved on in another tab or by a colleague: cancelled, checked out, its
 * dates changed) once the booking and its counter are read again: the page then says what happened
 * above what it now shows.
 */
export const CounterConflictContext = createContext<(message: string) => void>(() => {});

/** The server's 422 messages by field path ("drivers.0.licence_expiry"), or none. */
export type FieldErrors = Record<string, string[]>;

/** What a failed check-out or check-in says: messages under the fields, or one for the whole form. */
function failureOf(error: unknown, generic: string): { fields: FieldErrors; message: string | null } {
  if (error instanceof ApiError && error.status === 422 && error.errors) {
    return { fields: error.errors, message: null };
  }
  // The server's own words for what it refused; a dropped connection (0) or its fault: the generic
  // "could not save, check the connection".
  const said = error instanceof ApiError && error.status !== 0 && error.status < 500;
  return { fields: {}, message: said ? error.message : generic };
}

/** The first message of a field, or undefined. */
export const fieldError = (errors: FieldErrors, path: string) => errors[path]?.[0];

/**
 * Sending a check-out or a check-in: once at a time (a double tap sends once), the server's
 * message as a toast when it is recorded, and its refusal under the fields or above the button.
 */
export function useHandoverSubmit(
  reservationId: number,
  send: () => Promise<{ message: string }>,
  /**
   * What the page itself knows to be wrong beyond the server's first answer: said with the
   * server's field errors, in one pass (the server checks the form's shape before what it
   * compares with the booking's record, so one of those waited for a second refusal).
   */
  alsoWrong: () => FieldErrors = () => ({}),
) {
  const { t } = useTranslation("reservations");
  const queryClient = useQueryClient();
  const onConflict = useContext(CounterConflictContext);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const sending = useRef(false);
  const form = useRef<HTMLFormElement | null>(null);
  // Refused field by field: the focus goes to the first field marked, as every form's does, not
  // back to the page (a keyboard or screen-reader user was left on <body>).
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    form.current = event.currentTarget;
    if (sending.current) return;
    sending.current = true;
    setErrors({});
    setFailure(null);
    try {
      notify.success(`counter:${reservationId}`, (await send()).message);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // What the page shows (status, form, summary) is stale: read it again before saying so.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: reservationQuery(reservationId).queryKey }),
          queryClient.invalidateQueries({ queryKey: counterQuery(reservationId).queryKey }),
        ]);
        void queryClient.invalidateQueries({ queryKey: ["reservations"], refetchType: "none" });
        onConflict(error.message);
      }
      const { fields, message } = failureOf(error, t("counter.failed"));
      setErrors(Object.keys(fields).length > 0 ? { ...alsoWrong(), ...fields } : fields);
      setFailure(message ?? t("counter.fixErrors"));
    } finally {
      sending.current = false;
    }
  };
  return { errors, failure, submit };
}
