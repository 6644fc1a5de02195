import type { PublicPageData } from "../types";

/** The page being shown, as a link target (for the language switch). */
export function currentTarget(data: Pick<PublicPageData, "page" | "reservation">) {
  const { page } = data;
  if (page.kind === "vehicle") return { kind: "vehicle" as const, vehicleId: page.vehicleId };
  if (page.kind === "reservation" && data.reservation) {
    return { kind: "reservation" as const, reference: data.reservation.reference };
  }
  if (page.kind === "reservation") return { kind: "home" as const };
  return { kind: page.kind };
}
