import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The framework every screen runs on: one chunk that stays cached across deploys. Every other
 * package goes with the pages that use it (the charts' recharts and d3 with Inicio's charts, the
 * planner's and the forms' libraries with their pages), so the first screen carries none of them.
 */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|i18next|react-i18next)\//;
/** react-i18next's <Trans> (and the HTML parser it brings): only a few pages use it, so it goes with them. */
const NOT_FRAMEWORK = /\/node_modules\/react-i18next\/dist\/es\/Trans/;

// The dashboard is built from web/ into dist/web (or WEB_DIR); the server serves it from there
// (server/http/owner-app.ts). Browser-test runs build into a folder of their own.
export default defineConfig({
  root: "web",
  publicDir: "static",
  plugins: [react(), tailwindcss()],
  // The @domain/, @server/ and @web/ imports (tsconfig.json's paths).
  resolve: { tsconfigPaths: true },
  build: {
    outDir: path.resolve(process.env.WEB_DIR ?? "dist/web"),
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: "vendor", test: (id) => FRAMEWORK.test(id) && !NOT_FRAMEWORK.test(id) }] },
      },
    },
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/storage": "http://localhost:3000" },
  },
});
