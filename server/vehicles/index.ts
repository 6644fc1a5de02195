// The vehicles part's entry: what the rest of server/ may use of it (lint/dependencies.cjs).

export type { VehicleWithRelations } from "./presenter";
export { presentOwnerSpecialFeature, presentSpecialFeature, presentVehicle } from "./presenter";
export { createVehicle, findOwnedVehicle, findVehicleWhere, withRelations } from "./service";
