import type { PickupMethod } from "@domain/payments";
import type { Dictionary } from "../i18n/es";

/**
 * Vehicle type and transmission labels in es and en, from the domain. Imported through this one
 * file: domain/vehicles.ts also builds zod schemas at import, and once its labels live in a zod-free
 * domain file only this line changes (see the report for issue 9).
 */
export { carTypeLabel, transmissionLabel } from "@domain/vehicle-options";

/** The ways to pay at pickup as a sentence says them: "efectivo, tarjeta". */
export const pickupMethodsText = (t: Dictionary, methods: readonly PickupMethod[]) =>
  methods.map((method) => t.pickupMethods[method]).join(", ");
