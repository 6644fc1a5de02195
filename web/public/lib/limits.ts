/**
 * The server's limits on a reservation's add-ons. domain/reservations.ts holds them too, but it
 * builds zod schemas when it is imported, which would put zod in the public bundle; limits.test.ts
 * keeps these equal to the domain's.
 */
export const ADDON_QUANTITY_MAX = 20;
export const RESERVATION_ADDONS_MAX = 10;
