/**
 * First path segments served by the owner dashboard (SPEC §2). `/` (login) is served too.
 * Every other first segment belongs to the public site, where it names a landing.
 */
export const OWNER_SEGMENTS = [
  "register",
  // Account recovery (issue 25.20): asking for a link, and the page the emailed link opens.
  "forgot-password",
  "reset-password",
  "landings",
  "reservation",
  "help",
  "history",
  "location-reservaction",
  "feature-view",
  "user-config",
  "view-landing",
  "review-landing",
  "review-component",
  "layout-designer",
  "published",
  "publishedTap",
  // The desk (issue 11).
  "dashboard",
  "planner",
  // The owner's customers (issue 28.7).
  "customers",
] as const;

/** Names a landing may not take, because its public URL would collide with the app (PRODUCT §3). */
export const RESERVED_LANDING_NAMES: ReadonlySet<string> = new Set([
  ...OWNER_SEGMENTS.map((segment) => segment.toLowerCase()),
  "api",
  "storage",
  "assets",
  "static",
  "admin",
  "login",
  "logout",
  "robots.txt",
  "sitemap.xml",
  "favicon.ico",
]);
