import { ApiError } from "@web/lib/api";

/** The server's 422 messages by field path ("drivers.0.licence_expiry"), or none. */
export type FieldErrors = Record<string, string[]>;

/** What a failed check-out or check-in says: messages under the fields, or one for the whole form. */
export function failureOf(error: unknown, generic: string): { fields: FieldErrors; message: string | null } {
  if (error instanceof ApiError && error.status === 422 && error.errors) {
    return { fields: error.errors, message: null };
  }
  return { fields: {}, message: error instanceof ApiError && error.status !== 500 ? error.message : generic };
}

/** The first message of a field, or undefined. */
export const fieldError = (errors: FieldErrors, path: string) => errors[path]?.[0];
