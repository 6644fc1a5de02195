// The limits part's entry: what the rest of server/ may use of it (lint/dependencies.cjs).

export type { Counters } from "./counters";
export { windowStartOf } from "./counters";
export type { HourlyCount } from "./hourly";
export { hourlyCount } from "./hourly";
export type { ReservationSlot } from "./reservation-slots";
