import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";

type FeedUrl = { url: string };

/** The landing's secret calendar feed URL (the server creates it on the first ask). */
export const calendarFeedQuery = (landingId: number) =>
  queryOptions({
    queryKey: ["calendar-feed", landingId],
    queryFn: ({ signal }) => apiRequest<FeedUrl>(`/api/landings/${landingId}/calendar`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A new feed URL: the old one stops working at once, so the cache takes the new one straight away. */
export function useRegenerateCalendarFeed(landingId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<FeedUrl>(`/api/landings/${landingId}/calendar/regenerate`, { method: "POST" }),
    onSuccess: (feed) => client.setQueryData(calendarFeedQuery(landingId).queryKey, feed),
  });
}
