import type { Customer, CustomerAnswer, CustomerList } from "@domain/customers";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";

/**
 * The owner's customers (issue 28.7). Their queries live under ["reservations", "customers", ...]:
 * a customer is made of bookings, so whatever renews the bookings (a new one, a status changed in
 * the booking dialog this page opens) renews them too.
 */
const CUSTOMERS_KEY = ["reservations", "customers"] as const;

/** How many customers one "Cargar más" brings. */
export const PAGE_SIZE = 30;

export type CustomerFilters = { q: string; flagged: boolean };

/** The list, latest booking first; pages follow the cursor. */
export const customersQuery = (filters: CustomerFilters) =>
  infiniteQueryOptions({
    queryKey: [...CUSTOMERS_KEY, "list", filters],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      const q = filters.q.trim();
      if (q) params.set("q", q);
      if (filters.flagged) params.set("flagged", "true");
      if (pageParam) params.set("cursor", pageParam);
      return apiRequest<CustomerList>(`/api/customers?${params}`, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/** One customer's page. */
export const customerQuery = (id: number) =>
  queryOptions({
    queryKey: [...CUSTOMERS_KEY, "one", id],
    queryFn: ({ signal }) => apiRequest<Customer>(`/api/customers/${id}`, { signal }),
  });

export const customerPath = (id: number) => `/customers/${id}`;
export const exportPath = (id: number) => `/api/customers/${id}/export`;

/** A change of one customer: the answer's customer replaces the page's, and the list is renewed. */
function useCustomerChange<T>(id: number, send: (body: T) => Promise<CustomerAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData(customerQuery(id).queryKey, answer.customer);
      void queryClient.invalidateQueries({ queryKey: [...CUSTOMERS_KEY, "list"] });
    },
  });
}

export const useSaveNotes = (id: number) =>
  useCustomerChange(id, (body: { notes: string; version: number }) =>
    apiRequest<CustomerAnswer>(`/api/customers/${id}/notes`, { method: "PUT", body }),
  );

export const useSetDoNotRent = (id: number) =>
  useCustomerChange(id, (body: { do_not_rent: boolean; reason?: string; version: number }) =>
    apiRequest<CustomerAnswer>(`/api/customers/${id}/do-not-rent`, { method: "PUT", body }),
  );

/** Erasure also renews the bookings everywhere: they no longer carry the customer's name. */
export function useEraseCustomer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CustomerAnswer>(`/api/customers/${id}/erase`, { method: "POST" }),
    onSuccess: (answer) => {
      queryClient.setQueryData(customerQuery(id).queryKey, answer.customer);
      void queryClient.invalidateQueries({ queryKey: ["reservations"] });
    },
  });
}
