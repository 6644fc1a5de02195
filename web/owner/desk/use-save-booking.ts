import type { Reservation } from "@domain/reservations";
import { idempotencyKey } from "@web/lib/idempotency-key";
import { useRef } from "react";
import { type ManualBookingRequest, useChangeReservation, useCreateManualBooking } from "./api";

/**
 * Saves the dialog: a new booking, with an Idempotency-Key that stays the same while the same
 * details are retried (a dropped answer returns the first booking, not a second one); or a change
 * of `editing`, sent with the version the dialog read (issue 25.21).
 */
export function useSaveBooking(editing: Reservation | undefined) {
  const create = useCreateManualBooking();
  const change = useChangeReservation();
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const save = async (landingId: number, body: ManualBookingRequest) => {
    if (editing) return change.mutateAsync({ id: editing.id, body, version: editing.version });
    const sent = JSON.stringify([landingId, body]);
    if (attempt.current?.body !== sent) attempt.current = { key: idempotencyKey(), body: sent };
    const answer = await create.mutateAsync({ landingId, body, key: attempt.current.key });
    attempt.current = null;
    return answer;
  };
  return { save, pending: create.isPending || change.isPending };
}
