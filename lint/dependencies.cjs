/**
 * The import rules `npm run lint` enforces with dependency-cruiser (ARCHITECTURE.md, issue 26):
 * each part of the code reaches another only through that part's entry file, and no import goes
 * round in a circle. Biome's own rule (biome.json) keeps the type-only imports of domain/ and web/
 * off server/ too, which this check cannot see (see `options`).
 */
module.exports = {
  forbidden: [
    {
      name: "web-not-server",
      comment: "The browser's code never imports the server's: what both need lives in domain/.",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^server/" },
    },
    {
      name: "domain-is-pure",
      comment: "domain/ holds the product's rules and imports neither server/ nor web/.",
      severity: "error",
      from: { path: "^domain/" },
      to: { path: "^(server|web)/" },
    },
    {
      name: "owner-feature-entry",
      comment:
        "A dashboard feature (web/owner/<feature>/) imports only itself, web/ui, web/lib, web/i18n, domain/ " +
        "and other features' entry files (web/owner/<feature>/index.ts).",
      severity: "error",
      from: { path: "^web/owner/([^/]+)/" },
      to: { path: "^web/owner/[^/]+/", pathNot: ["^web/owner/$1/", "^web/owner/[^/]+/index\\.tsx?$"] },
    },
    {
      name: "server-resource-entry",
      comment:
        "A server part (server/<part>/) imports http/, db/, domain/ and other parts only through their entry " +
        "file (server/<part>/index.ts). Tests may reach inside.",
      severity: "error",
      from: { path: "^server/([^/]+)/", pathNot: ["\\.test\\.ts$", "^server/test/"] },
      to: { path: "^server/[^/]+/", pathNot: ["^server/$1/", "^server/(http|db)/", "^server/[^/]+/index\\.ts$"] },
    },
    {
      name: "no-cycles",
      comment: "No import comes back to where it started.",
      severity: "error",
      from: { path: "^(domain|server|web)/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist)/" },
    // TypeScript 7 has no JavaScript API for dependency-cruiser to use, so Babel strips the types
    // first (type-only imports vanish with them), and @swc/core's presence makes .ts and .tsx
    // files count as readable.
    babelConfig: { fileName: "lint/babel-typescript.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
    // tsconfig.json's paths, told the resolver the way a webpack config would (reading tsconfig.json
    // itself would need TypeScript's JavaScript API).
    webpackConfig: { fileName: "lint/aliases.cjs" },
  },
};
