// The ssr part's entry: what the rest of server/ may use of it (lint/dependencies.cjs).
export { escapeHtml } from "./html";
export { sendErrorPage, statusPageHtml } from "./not-found";
export type { PublicPage } from "./page-types";
