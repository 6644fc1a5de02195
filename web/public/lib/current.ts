import type { PublicPageData } from "../types";

/** The page being shown, as a link target (for the language switch). */
export function currentTarget(data: Pick<PublicPageData, "page" | "reservation">) {
  const { page } = data;
  if (page.kind === "vehicle") return { kind: "vehicle" as const, vehicleId: page.vehicleId };
  if ((page.kind === "reservation" || page.kind === "express") && data.reservation) {
    return { kind: page.kind, reference: data.reservation.reference };
  }
  if (page.kind === "reservation" || page.kind === "express") return { kind: "home" as const };
  return { kind: page.kind };
}
