// The planner part's entry: what the rest of server/ may use of it (lint/dependencies.cjs).
export { assertUnitFree, unitAfterChange } from "./unit-assignment";
