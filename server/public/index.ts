// The public part's entry: what the rest of server/ may use of it (lint/dependencies.cjs).
export { publicLandingView } from "./presenter";
export { publicVehiclesOf } from "./service";
