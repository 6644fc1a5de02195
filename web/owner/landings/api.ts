import { queryOptions } from "@tanstack/react-query";
import type { Landing } from "../../../domain/landings";
import { apiRequest } from "../../lib/api";

/** The owner's landings that are not in the trash, newest first. */
export const landingsQuery = (userId: number) =>
  queryOptions({
    queryKey: ["landings", userId],
    queryFn: () => apiRequest<Landing[]>(`/api/landing/${userId}`),
  });

export const landingQuery = (userId: number, landingId: number) =>
  queryOptions({
    queryKey: ["landings", userId, landingId],
    queryFn: () => apiRequest<Landing>(`/api/landings/${userId}/${landingId}`),
  });
