import type { Landing } from "@domain/landings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";
import { LANDINGS_KEY, landingQuery } from "@web/owner/landings";
import type { counterRulesPayload } from "./counter-rules-values";
import type { rulesPayload } from "./rules-values";

type LandingAnswer = { message: string; landing: Landing };

/** A saved landing goes where the detail reads it (shown at once), then every landing query refreshes. */
function useLandingSaved(userId: number) {
  const queryClient = useQueryClient();
  return ({ landing }: LandingAnswer) => {
    queryClient.setQueryData(landingQuery(userId, landing.id).queryKey, landing);
    void queryClient.invalidateQueries({ queryKey: LANDINGS_KEY });
  };
}

/** PUT /landings/{userId}/{landingId}/rules, with the version the values were read at (409 when stale). */
export function useSaveLandingRules(userId: number, landingId: number) {
  const saved = useLandingSaved(userId);
  return useMutation({
    mutationFn: (body: ReturnType<typeof rulesPayload>) =>
      apiRequest<LandingAnswer>(`/api/landings/${userId}/${landingId}/rules`, { method: "PUT", body }),
    onSuccess: saved,
  });
}

/** PUT /landings/{userId}/{landingId}/domain: "" removes the domain. */
export function useSaveCustomDomain(userId: number, landingId: number) {
  const saved = useLandingSaved(userId);
  return useMutation({
    mutationFn: (customDomain: string) =>
      apiRequest<LandingAnswer>(`/api/landings/${userId}/${landingId}/domain`, {
        method: "PUT",
        body: { custom_domain: customDomain },
      }),
    onSuccess: saved,
  });
}

/** POST /landings/{userId}/{landingId}/domain/verify: the server looks for the claim's TXT record. */
export function useVerifyCustomDomain(userId: number, landingId: number) {
  const saved = useLandingSaved(userId);
  return useMutation({
    mutationFn: () =>
      apiRequest<LandingAnswer>(`/api/landings/${userId}/${landingId}/domain/verify`, { method: "POST" }),
    onSuccess: saved,
  });
}

/** PUT /landings/{userId}/{landingId}/counter-rules, with the version the values were read at (409 when stale). */
export function useSaveCounterRules(userId: number, landingId: number) {
  const saved = useLandingSaved(userId);
  return useMutation({
    mutationFn: (body: ReturnType<typeof counterRulesPayload>) =>
      apiRequest<LandingAnswer>(`/api/landings/${userId}/${landingId}/counter-rules`, { method: "PUT", body }),
    onSuccess: saved,
  });
}

/** PUT /landings/{userId}/{landingId}/document-settings, with the version the values were read at (409 when stale). */
export function useSaveDocumentSettings(userId: number, landingId: number) {
  const saved = useLandingSaved(userId);
  return useMutation({
    mutationFn: (body: Landing["document_settings"] & { version: number }) =>
      apiRequest<LandingAnswer>(`/api/landings/${userId}/${landingId}/document-settings`, { method: "PUT", body }),
    onSuccess: saved,
  });
}
