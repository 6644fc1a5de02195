import type { Location, LocationInput, PlaceHours, PlaceRenameInput } from "@domain/locations";
import type { WeekHours } from "@domain/rental-rules";
import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";

export const locationsKey = (landingId: number) => ["locations", landingId] as const;
export const placesKey = (landingId: number) => ["places", landingId] as const;

export const locationsQuery = (landingId: number) =>
  queryOptions({
    queryKey: locationsKey(landingId),
    queryFn: () => apiRequest<Location[]>(`/api/landings/${landingId}/locations`),
  });

/** After a location came or went: the list, its places, and the landing's count of them (its detail, the designer's "Lugares"). */
function invalidateLocations(queryClient: QueryClient, landingId: number) {
  void queryClient.invalidateQueries({ queryKey: locationsKey(landingId) });
  void queryClient.invalidateQueries({ queryKey: placesKey(landingId) });
  void queryClient.invalidateQueries({ queryKey: ["landings"] });
}

export function useAddLocation(landingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LocationInput) =>
      apiRequest<{ message: string; location: Location }>(`/api/landings/${landingId}/addLocation`, {
        method: "POST",
        body: input,
      }),
    onSuccess: ({ location }) => {
      queryClient.setQueryData<Location[]>(locationsKey(landingId), (list) => (list ? [...list, location] : list));
      // A new place may have come with it.
      invalidateLocations(queryClient, landingId);
    },
  });
}

export function useDeleteLocation(landingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locationId: number) =>
      apiRequest<{ message: string }>(`/api/landing/${landingId}/locations`, {
        method: "DELETE",
        body: { location_id: locationId },
      }),
    onSuccess: (_answer, locationId) => {
      queryClient.setQueryData<Location[]>(locationsKey(landingId), (list) =>
        list?.filter((location) => location.id !== locationId),
      );
      invalidateLocations(queryClient, landingId);
    },
  });
}

/** Every place of the landing's locations, in first-seen order, with its hours. */
export const placesQuery = (landingId: number) =>
  queryOptions({
    queryKey: placesKey(landingId),
    queryFn: () => apiRequest<PlaceHours[]>(`/api/landings/${landingId}/places`),
  });

/** PATCH /landing/{landingId}/locations/{locationId}: the pair's one-way fee, as typed ("25.00"). */
export function useSaveOneWayFee(landingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ locationId, fee }: { locationId: number; fee: string }) =>
      apiRequest<{ message: string; location: Location }>(`/api/landing/${landingId}/locations/${locationId}`, {
        method: "PATCH",
        body: { one_way_fee: fee },
      }),
    onSuccess: ({ location }) => {
      queryClient.setQueryData<Location[]>(locationsKey(landingId), (list) =>
        list?.map((candidate) => (candidate.id === location.id ? location : candidate)),
      );
      void queryClient.invalidateQueries({ queryKey: locationsKey(landingId) });
    },
  });
}

export type PlaceHoursBody = {
  place: string;
  /** Seven days, Sunday first; null clears the hours (always open). */
  hours: WeekHours | null;
  /** "" refuses pickups and returns outside the hours; an amount accepts them for that fee. */
  after_hours_fee: string;
};

/** PUT /landings/{landingId}/places: one place's hours and after-hours fee. */
export function useSavePlaceHours(landingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceHoursBody) =>
      apiRequest<{ message: string; place: PlaceHours }>(`/api/landings/${landingId}/places`, {
        method: "PUT",
        body,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: placesKey(landingId) }),
  });
}

/** PATCH /landings/{landingId}/places: a place renamed in every pair and in its hours. */
export function useRenamePlace(landingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceRenameInput) =>
      apiRequest<{ message: string; place: PlaceHours }>(`/api/landings/${landingId}/places`, {
        method: "PATCH",
        body,
      }),
    onSuccess: () => invalidateLocations(queryClient, landingId),
  });
}
