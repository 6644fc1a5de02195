// The live feature's entry: what the dashboard's other features may use of it (lint/dependencies.cjs).
export { useLiveUpdates } from "./use-live-updates";
