// The production server as ES modules, dist/server/main.mjs and its chunks (with the migrations beside
// them): `npm start` runs it with plain Node. Transpiling the TypeScript at start-up cost a second, and
// loading a few hundred package files one by one nearly another (issue 12, docs/performance.md),
// so the packages are bundled too, except those that load native code or files of their own at run
// time in ways a bundle cannot follow. `npm run dev` and the tests still run the sources.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
// Another folder can be named (a test builds a server of its own without touching dist/).
const outDir = path.resolve(process.argv[2] ?? path.join(root, "dist", "server"));

/**
 * @fastify/swagger-ui serves the UI's files from its own folder, found through `__dirname`, which a
 * bundled module does not have: each of its modules is given the folder it has in node_modules.
 * Bundled, it no longer loads some forty files one by one at every start (docs/performance.md).
 */
const swaggerUiFolder = {
  name: "swagger-ui-folder",
  setup(build) {
    const packageRoot = path.join(root, "node_modules", "@fastify", "swagger-ui");
    build.onLoad({ filter: /[\\/]node_modules[\\/]@fastify[\\/]swagger-ui[\\/].*\.js$/ }, async (args) => {
      const within = path.relative(packageRoot, path.dirname(args.path)).split(path.sep).join("/");
      const folder = `require("node:path").join(require("node:path").dirname(require.resolve("@fastify/swagger-ui")), ${JSON.stringify(within)})`;
      const source = await fs.promises.readFile(args.path, "utf8");
      return { contents: `var __dirname = ${folder};\n${source}`, loader: "js", resolveDir: path.dirname(args.path) };
    });
  },
};

/**
 * node-postgres asks whether it runs in a Cloudflare Worker by building a fetch `Response`, which on
 * Node 20 (no `navigator`) loads Node's whole fetch implementation at every start: 19 ms of the
 * embedded database's start-up, for an answer that is always no here (issue 29,
 * docs/performance.md). Built for Node, the check is dropped; a pg whose file no longer has it
 * fails the build rather than start slower unnoticed.
 */
const pgOnNode = {
  name: "pg-on-node",
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]pg[\\/]lib[\\/]stream\.js$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, "utf8");
      const check = "if (isCloudflareRuntime()) {";
      if (!source.includes(check)) throw new Error(`${args.path} no longer has "${check}" (scripts/build-server.mjs)`);
      return { contents: source.replace(check, "if (false) {"), loader: "js" };
    });
  },
};

// Chunks of an earlier build would linger beside the new ones.
fs.rmSync(outDir, { recursive: true, force: true });
await build({
  // The public pages' render threads start from a file of their own (server/ssr/render-threads.ts).
  entryPoints: [path.join(root, "server", "main.ts"), path.join(root, "server", "ssr", "render-worker.ts")],
  outdir: outDir,
  // What the server imports only when first needed (import() in the sources: PDFs, images, mail,
  // payments, S3, Redis, the public pages' renderer) is split into chunks of
  // its own, so a start neither parses nor runs it (docs/performance.md). The chunks sit beside
  // main.mjs: server/db/client.ts finds the migrations next to itself, wherever esbuild puts it.
  splitting: true,
  entryNames: "[name]",
  chunkNames: "[name]-[hash]",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // The packages' ES module builds first: only the icons and helpers used are kept.
  mainFields: ["module", "main"],
  external: [
    "@electric-sql/pglite", // its WebAssembly and data files
    "@node-rs/argon2", // native
    "sharp", // native
    "pdfkit", // its fonts' metrics files
    "fontkit", // PDFKit's own copy: the documents' fonts are parsed by the one it lays them out with
    "pg-native", // optional in pg, not installed
    // pino is bundled: only its transports run files from its folder (worker threads), and the
    // server's logger has none, it writes to stdout.
  ],
  // Libraries' development builds (React's) are dropped: this is the production server.
  define: { "process.env.NODE_ENV": '"production"' },
  // Bundled CommonJS packages still require Node's own modules.
  banner: {
    // Aliased: a source file may import createRequire itself.
    js: "import { createRequire as bannerCreateRequire } from 'node:module'; const require = bannerCreateRequire(import.meta.url);",
  },
  plugins: [swaggerUiFolder, pgOnNode],
  sourcemap: true,
  logLevel: "warning",
});
// server/db/client.ts finds its migrations next to itself: beside the bundle once built.
fs.rmSync(path.join(outDir, "migrations"), { recursive: true, force: true });
fs.cpSync(path.join(root, "server", "db", "migrations"), path.join(outDir, "migrations"), { recursive: true });
