import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The public booking site's browser bundle: its own entry, chunks and CSS, so a visitor's phone
// never downloads the dashboard's libraries. Built into the same folder as the dashboard (after it,
// without emptying it); the server finds the files through public-manifest.json (server/ssr/assets.ts).
export default defineConfig({
  root: "web",
  publicDir: false,
  plugins: [react(), tailwindcss()],
  // The @domain/, @server/ and @web/ imports (tsconfig.json's paths).
  resolve: { tsconfigPaths: true },
  build: {
    outDir: path.resolve(process.env.WEB_DIR ?? "dist/web"),
    emptyOutDir: false,
    assetsDir: "assets",
    manifest: "public-manifest.json",
    sourcemap: false,
    // The stylesheet is an entry of its own: the server links it in <head>, so pages are styled
    // before (and without) any script.
    rolldownOptions: { input: [path.resolve("web/public/entry-client.tsx"), path.resolve("web/public/styles.css")] },
  },
});
