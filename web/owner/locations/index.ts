// The locations feature's entry: what the dashboard's other features may use of it (lint/dependencies.cjs).

export { locationsQuery } from "./api";
export { LandingLocations } from "./landing-locations";
