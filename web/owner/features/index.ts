// The features feature's entry: what the dashboard's other features may use of it (lint/dependencies.cjs).
export { specialFeaturesQuery } from "./api";
export { FeatureDialog } from "./feature-dialog";
