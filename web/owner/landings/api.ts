import type { AddonKind } from "@domain/addons";
import type { Landing, LandingNameCheck, LandingStatus, LandingTextField } from "@domain/landings";
import type { Translations } from "@domain/translations";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";
import { centsText } from "@web/lib/format";
import { clearDraftLanding, readDraftLanding } from "./draft-landing";
import { type RegionField, taxRateText } from "./region-form";

/** Every landings query lives under ["landings", ...]; invalidating ["landings"] refreshes them all. */
export const LANDINGS_KEY = ["landings"] as const;

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

/** The owner's own landing by its name, drafts included (the preview page). */
export const landingByNameQuery = (userId: number, name: string) =>
  queryOptions({
    queryKey: ["landings", userId, "by-name", name],
    queryFn: () => apiRequest<Landing>(`/api/reviews/${encodeURIComponent(name)}`),
  });

/** The owner's trashed landings, most recently deleted first. */
export const trashedLandingsQuery = (userId: number) =>
  queryOptions({
    queryKey: ["landings", userId, "trash"],
    queryFn: () => apiRequest<Landing[]>(`/api/landing/deleted/${userId}`),
  });

export const nameCheckQuery = (name: string, landingId?: number) =>
  queryOptions({
    queryKey: ["landings", "name-check", name, landingId ?? null],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ name });
      if (landingId) params.set("landing_id", String(landingId));
      return apiRequest<LandingNameCheck>(`/api/landing-name-check?${params}`, { signal });
    },
    staleTime: 10_000,
  });

export type CreateLandingValues = {
  /** The business name exactly as typed. */
  display_name: string;
  /** The address (slug); empty lets the server derive it from the display name. */
  name: string;
  logo: File;
  color_primary: string;
  color_secondary: string;
  default_language: string;
  time_zone: string;
  currency: string;
  tax_label: string;
  /** Percent, as typed. */
  tax_rate: string;
};

/** The region's fields as the server reads them, for a new landing and a saved one alike. */
function appendRegion(form: FormData, values: Pick<CreateLandingValues, RegionField>) {
  form.append("time_zone", values.time_zone);
  form.append("currency", values.currency);
  form.append("tax_label", values.tax_label);
  form.append("tax_rate", taxRateText(values.tax_rate));
}

export function createLanding(userId: number, values: CreateLandingValues) {
  const form = new FormData();
  form.append("id_users_landing", String(userId));
  form.append("display_name", values.display_name);
  form.append("name", values.name);
  form.append("logo", values.logo);
  form.append("color_primary", values.color_primary);
  form.append("color_secondary", values.color_secondary);
  form.append("default_language", values.default_language);
  appendRegion(form, values);
  return apiRequest<Landing>("/api/landing", { method: "POST", body: form });
}

export type UpdateLandingValues = {
  display_name: string;
  name: string;
  /** The landing's `version` when the form was loaded: a stale save answers 409. */
  version: number;
  logo: File | null;
  color_primary: string;
  color_secondary: string;
  default_language: string;
  time_zone: string;
  currency: string;
  tax_label: string;
  /** Percent, as typed. */
  tax_rate: string;
  /** Prices in cents, read from what was typed by parseMoney. */
  addons: {
    /** The saved add-on it edits; none for a new one. */
    id?: number;
    name: string;
    /** The name in the landing's other language: { en: { name } }. */
    translations: Translations<"name">;
    price_cents: number;
    kind: AddonKind;
    max_quantity: number;
  }[];
};

export function updateLanding(userId: number, landingId: number, values: UpdateLandingValues) {
  const form = new FormData();
  form.append("version", String(values.version));
  form.append("display_name", values.display_name);
  form.append("name", values.name);
  if (values.logo) form.append("logo", values.logo);
  form.append("color_primary", values.color_primary);
  form.append("color_secondary", values.color_secondary);
  form.append("default_language", values.default_language);
  appendRegion(form, values);
  form.append(
    "addons",
    JSON.stringify(
      // Sent as "1250.50": one reading only, whatever way the owner typed it.
      values.addons.map((addon) => ({
        id: addon.id,
        name: addon.name.trim(),
        price: centsText(addon.price_cents),
        kind: addon.kind,
        max_quantity: addon.max_quantity,
        translations: addon.translations,
      })),
    ),
  );
  return apiRequest<Landing>(`/api/landing-update/${userId}/${landingId}`, { method: "POST", body: form });
}

export type MetaValues = {
  /** The landing's `version` when the form was loaded: a stale save answers 409. */
  version: number;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  og_title: string;
  og_description: string;
  robots: string;
  canonical_url: string;
  /** The same texts in the landing's other language: { en: { meta_title, ... } }. */
  translations: Translations<LandingTextField>;
  favicon: File | null;
  og_image: File | null;
};

export function updateLandingMeta(userId: number, landingId: number, values: MetaValues) {
  const form = new FormData();
  form.append("version", String(values.version));
  for (const key of ["meta_title", "meta_description", "meta_keywords", "og_title", "og_description"] as const) {
    form.append(key, values[key]);
  }
  form.append("robots", values.robots);
  form.append("canonical_url", values.canonical_url);
  form.append("translations", JSON.stringify(values.translations));
  if (values.favicon) form.append("favicon", values.favicon);
  if (values.og_image) form.append("og_image", values.og_image);
  return apiRequest<Landing>(`/api/landings/${userId}/${landingId}/meta`, { method: "POST", body: form });
}

export const setLandingStatus = (userId: number, landingId: number, status: LandingStatus) =>
  apiRequest<Landing>("/api/landing/status", {
    method: "PATCH",
    body: { landing_id: landingId, user_id: userId, status },
  });

export const trashLanding = (landingId: number) =>
  apiRequest<{ message: string }>(`/api/landing/${landingId}`, { method: "DELETE" });

export const restoreLanding = (landingId: number) =>
  apiRequest<{ message: string; landing: Landing }>(`/api/landing/restore/${landingId}`, { method: "POST" });

export const purgeLanding = (landingId: number) =>
  apiRequest<{ message: string }>(`/api/landing/deletedFinal/${landingId}`, { method: "DELETE" });

/** After any write the lists, the detail and the preview are refetched. */
function useInvalidateLandings() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: LANDINGS_KEY });
}

/** Stores the saved landing where the detail query reads it, so the page shows it at once. */
function usePutLanding(userId: number) {
  const queryClient = useQueryClient();
  return (landing: Landing) => queryClient.setQueryData(landingQuery(userId, landing.id).queryKey, landing);
}

export function useCreateLanding(userId: number) {
  const invalidate = useInvalidateLandings();
  const put = usePutLanding(userId);
  return useMutation({
    mutationFn: (values: CreateLandingValues) => createLanding(userId, values),
    onSuccess: (landing) => {
      put(landing);
      void invalidate();
    },
  });
}

export function useUpdateLanding(userId: number, landingId: number) {
  const invalidate = useInvalidateLandings();
  const put = usePutLanding(userId);
  return useMutation({
    mutationFn: (values: UpdateLandingValues) => updateLanding(userId, landingId, values),
    onSuccess: (landing) => {
      put(landing);
      void invalidate();
    },
  });
}

export function useUpdateLandingMeta(userId: number, landingId: number) {
  const invalidate = useInvalidateLandings();
  const put = usePutLanding(userId);
  return useMutation({
    mutationFn: (values: MetaValues) => updateLandingMeta(userId, landingId, values),
    onSuccess: (landing) => {
      put(landing);
      void invalidate();
    },
  });
}

export function useSetLandingStatus() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateLandings();
  return useMutation({
    mutationFn: ({ userId, landingId, status }: { userId: number; landingId: number; status: LandingStatus }) =>
      setLandingStatus(userId, landingId, status),
    onSuccess: (landing, { userId }) => {
      queryClient.setQueryData(landingQuery(userId, landing.id).queryKey, landing);
      void invalidate();
    },
    // A refusal (nothing to rent yet) may mean the counts on screen are old: read them again.
    onError: () => void invalidate(),
  });
}

/** A trashed or purged landing is never the designer's landing in progress (PRODUCT §3). */
function forgetIfInProgress(landingId: number) {
  if (readDraftLanding()?.id === landingId) clearDraftLanding();
}

export function useTrashLanding() {
  const invalidate = useInvalidateLandings();
  return useMutation({ mutationFn: trashLanding, onSuccess: (_, id) => forgetIfInProgress(id), onSettled: invalidate });
}

export function useRestoreLanding() {
  const invalidate = useInvalidateLandings();
  return useMutation({ mutationFn: restoreLanding, onSettled: invalidate });
}

export function usePurgeLanding() {
  const invalidate = useInvalidateLandings();
  return useMutation({ mutationFn: purgeLanding, onSuccess: (_, id) => forgetIfInProgress(id), onSettled: invalidate });
}
