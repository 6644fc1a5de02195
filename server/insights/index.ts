// The insights part's entry: what the rest of server/ may use of it (lint/dependencies.cjs).
export { funnelPageOf, isCountableView, registerPageViews } from "./page-views";
