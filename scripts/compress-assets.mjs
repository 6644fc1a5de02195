// Writes a brotli (.br) and a gzip (.gz) copy beside each built script, stylesheet and SVG in
// dist/web/assets (or WEB_DIR's), at each format's highest setting, once per build. The server sends
// them as they are (server/http/owner-app.ts, @fastify/static's `preCompressed`): a visitor's phone
// downloads about an eighth less script than with the quick brotli the server can afford per
// request, and the server no longer compresses the same file for every first visit (issue 29,
// docs/performance.md). Run by `npm run build` after both bundles.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const assetsDir = path.join(path.resolve(root, process.env.WEB_DIR ?? "dist/web"), "assets");
// Fonts and images are compressed formats already; a file under 1 KB would save next to nothing
// (the server compresses those few on the way, as before).
const COMPRESSIBLE = /\.(js|css|svg|json)$/;
const SMALLEST = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const files = fs
  .readdirSync(assetsDir)
  .filter((name) => COMPRESSIBLE.test(name) && fs.statSync(path.join(assetsDir, name)).size >= SMALLEST);

// zlib's asynchronous calls run on libuv's threads: every core works on the files at once.
await Promise.all(
  files.map(async (name) => {
    const file = path.join(assetsDir, name);
    const body = await fs.promises.readFile(file);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      }),
      gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
  }),
);
