// The production server as one JavaScript file, dist/server/main.mjs (with its migrations beside it):
// `npm start` runs it with plain Node. Transpiling the TypeScript at start-up cost a second, and
// loading a few hundred package files one by one nearly another (issue 12, docs/performance.md),
// so the packages are bundled too, except those that load files or native code from their own
// folder at run time. `npm run dev` and the tests still run the sources.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "dist", "server");

await build({
  entryPoints: [path.join(root, "server", "main.ts")],
  outfile: path.join(outDir, "main.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // The packages' ES module builds first: only the icons and helpers used are kept.
  mainFields: ["module", "main"],
  external: [
    "@electric-sql/pglite", // its WebAssembly and data files
    "@fastify/swagger-ui", // its static files
    "@node-rs/argon2", // native
    "sharp", // native
    "pdfkit", // its fonts' metrics files
    "pino", // its transports run in worker threads from its folder
    "pg-native", // optional in pg, not installed
  ],
  // Libraries' development builds (React's) are dropped: this is the production server.
  define: { "process.env.NODE_ENV": '"production"' },
  // Bundled CommonJS packages still require Node's own modules.
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  sourcemap: true,
  logLevel: "warning",
});
// server/db/client.ts finds its migrations next to itself: beside the bundle once built.
fs.rmSync(path.join(outDir, "migrations"), { recursive: true, force: true });
fs.cpSync(path.join(root, "server", "db", "migrations"), path.join(outDir, "migrations"), { recursive: true });
