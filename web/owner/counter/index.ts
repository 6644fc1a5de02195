// The rental counter's entry (issue 28): what the dashboard's other features may use of it (lint/dependencies.cjs).
export { counterPath } from "./api";
