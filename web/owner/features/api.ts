import type { Translations } from "@domain/translations";
import type { SpecialFeature } from "@domain/vehicles";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";

export const specialFeaturesKey = ["special-features"] as const;

export const specialFeaturesQuery = () =>
  queryOptions({
    queryKey: specialFeaturesKey,
    queryFn: () => apiRequest<SpecialFeature[]>("/api/special-features"),
  });

export function useCreateSpecialFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; description: string; translations: Translations<"name" | "description"> }) =>
      apiRequest<{ message: string; feature: SpecialFeature }>("/api/special-features", {
        method: "POST",
        body: input,
      }),
    onSuccess: ({ feature }) => {
      queryClient.setQueryData<SpecialFeature[]>(specialFeaturesKey, (list) =>
        list ? [...list, feature].sort((a, b) => a.name.localeCompare(b.name)) : list,
      );
      void queryClient.invalidateQueries({ queryKey: specialFeaturesKey });
    },
  });
}

export type SpecialFeatureUpdate = {
  id: number;
  name: string;
  description: string;
  translations: Translations<"name" | "description">;
  /** The words the form opened with: the server refuses the save (409) when they changed since. */
  previous: { name: string; description: string };
};

export function useUpdateSpecialFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SpecialFeatureUpdate) =>
      apiRequest<{ message: string; feature: SpecialFeature }>(`/api/special-features/${id}`, {
        method: "PATCH",
        body,
      }),
    onSuccess: ({ feature }) => {
      queryClient.setQueryData<SpecialFeature[]>(specialFeaturesKey, (list) =>
        list?.map((item) => (item.id === feature.id ? feature : item)).sort((a, b) => a.name.localeCompare(b.name)),
      );
      void queryClient.invalidateQueries({ queryKey: specialFeaturesKey });
      // Vehicles show their features by name.
      void queryClient.invalidateQueries({ queryKey: ["vehicles"] });
    },
  });
}

export function useDeleteSpecialFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (featureId: number) =>
      apiRequest<{ message: string }>(`/api/special-features/${featureId}`, { method: "DELETE" }),
    onSuccess: (_answer, featureId) => {
      queryClient.setQueryData<SpecialFeature[]>(specialFeaturesKey, (list) =>
        list?.filter((feature) => feature.id !== featureId),
      );
      void queryClient.invalidateQueries({ queryKey: specialFeaturesKey });
      // Vehicles show their assigned features; a deleted one is unassigned everywhere.
      void queryClient.invalidateQueries({ queryKey: ["vehicles"] });
    },
  });
}
