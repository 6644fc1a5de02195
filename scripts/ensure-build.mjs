// Builds the dashboard and the public site's bundle when dist/web is missing or older than their sources, and the
// server (dist/server/main.mjs) when older than its own, so `npm start` always serves what is in the tree without
// paying for a build on every start.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const webDir = path.resolve(root, process.env.WEB_DIR ?? "dist/web");
// Both builds write into the same folder: the dashboard's index.html and the public site's manifest.
const built = ["index.html", "public-manifest.json"].map((file) => path.join(webDir, file));
const sources = ["web", "domain", "vite.config.ts", "vite.public.config.ts", "package-lock.json"].map((p) =>
  path.join(root, p),
);

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = Math.min(...built.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log("Building the dashboard and the public site...");
  execSync("npm run build --silent", { cwd: root, stdio: "inherit" });
}

// The server bundle also holds the public pages' renderer (web/public) and the migrations.
const serverBuilt = path.join(root, "dist", "server", "main.mjs");
const serverSources = ["server", "domain", "web/public", "package-lock.json"].map((p) => path.join(root, p));
const serverBuiltAt = fs.existsSync(serverBuilt) ? fs.statSync(serverBuilt).mtimeMs : 0;
if (serverBuiltAt < Math.max(...serverSources.map(newestMtime))) {
  console.log("Building the server...");
  execSync("node scripts/build-server.mjs", { cwd: root, stdio: "inherit" });
}
