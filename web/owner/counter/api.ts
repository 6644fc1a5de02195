import type { CheckInInput, CheckOutInput, CounterView } from "@domain/counter";
import type { AcceptChargesInput, AgreementView, SignAgreementInput } from "@domain/documents";
import type { Language } from "@domain/languages";
import type { Reservation } from "@domain/reservations";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";
import { reservationQuery } from "../reservations";

/** What the counter recorded of it: its check-out and check-in, null before each. */
export const counterQuery = (id: number) =>
  queryOptions({
    queryKey: ["reservations", "counter", id],
    queryFn: ({ signal }) => apiRequest<CounterView>(`/api/reservations/${id}/counter`, { signal }),
  });

type HandedOver = { message: string; reservation: Reservation; counter: CounterView };

/** Check-out or check-in (or its correction, PUT): what the server answers replaces the booking and the counter at once. */
function useHandover<T>(
  id: number,
  path: "check-out" | "check-in" | "charges/acceptance",
  method: "POST" | "PUT" = "POST",
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => apiRequest<HandedOver>(`/api/reservations/${id}/${path}`, { method, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(reservationQuery(id).queryKey, answer.reservation);
      queryClient.setQueryData(counterQuery(id).queryKey, answer.counter);
      void queryClient.invalidateQueries({ queryKey: ["reservations"], refetchType: "none" });
    },
  });
}

/** The form's text as typed: the server reads numbers from text and says what is wrong with each. */
type Typed<T> = { [K in keyof T]: T[K] extends number ? string | number : T[K] extends boolean ? boolean : unknown };

export const useCheckOut = (id: number) => useHandover<Typed<CheckOutInput>>(id, "check-out");
export const useCheckIn = (id: number) => useHandover<Typed<CheckInInput>>(id, "check-in");
/** "Corregir devolución": the recorded return sent again with the check-in's form, priced again. */
export const useCorrectCheckIn = (id: number) => useHandover<Typed<CheckInInput>>(id, "check-in", "PUT");
export const useAcceptCharges = (id: number) => useHandover<AcceptChargesInput>(id, "charges/acceptance");

type Signed = { message: string; agreement: AgreementView };

/** Signs the next version of the agreement; the counter's list of versions is read again. */
export function useSignAgreement(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignAgreementInput & { language: Language }) =>
      apiRequest<Signed>(`/api/reservations/${id}/agreements`, { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: counterQuery(id).queryKey }),
  });
}

/** The booking's PDFs, opened by the browser with the owner's session. */
export const draftPdfUrl = (id: number, language: Language) =>
  `/api/reservations/${id}/agreement/draft?language=${language}`;
export const agreementPdfUrl = (id: number, version: number) => `/api/reservations/${id}/agreements/${version}/pdf`;
export const invoicePdfUrl = (id: number) => `/api/reservations/${id}/invoice/pdf`;
