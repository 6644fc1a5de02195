// The vehicles feature's entry: what the dashboard's other features may use of it (lint/dependencies.cjs).
export { vehiclesQuery } from "./api";
export { LandingVehiclesTab, VEHICLE_VIEW_PARAM } from "./landing-vehicles-tab";
export { UnitField } from "./unit-field";
export { VEHICLE_SECTION_PARAM } from "./vehicle-editor";
