import type { PaymentAccountView, PaymentSettingsView } from "@domain/payments";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";

export type LandingPayments = {
  settings: PaymentSettingsView;
  account: PaymentAccountView | null;
  webhook_url: string;
  version: number;
};
type Answer = LandingPayments & { message: string };

export const paymentsQuery = (userId: number, landingId: number) =>
  queryOptions({
    queryKey: ["payments", userId, landingId],
    queryFn: ({ signal }) => apiRequest<LandingPayments>(`/api/landings/${userId}/${landingId}/payments`, { signal }),
  });

/** Every call answers the whole state: it replaces what the tab shows. */
function usePaymentsCall<Body>(userId: number, landingId: number, call: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => queryClient.setQueryData(paymentsQuery(userId, landingId).queryKey, answer),
  });
}

const path = (userId: number, landingId: number, rest = "") => `/api/landings/${userId}/${landingId}/payments${rest}`;

export const useSavePayments = (userId: number, landingId: number) =>
  usePaymentsCall(userId, landingId, (body: object) =>
    apiRequest<Answer>(path(userId, landingId), { method: "PUT", body }),
  );

export const useConnectStripe = (userId: number, landingId: number) =>
  usePaymentsCall(userId, landingId, (body: { secret_key: string; publishable_key: string; webhook_secret: string }) =>
    apiRequest<Answer>(path(userId, landingId, "/stripe"), { method: "PUT", body }),
  );

export const useDisconnectStripe = (userId: number, landingId: number) =>
  usePaymentsCall(userId, landingId, (_: undefined) =>
    apiRequest<Answer>(path(userId, landingId, "/stripe"), { method: "DELETE" }),
  );
