import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** recharts and the packages only it brings (redux, immer, d3...): loaded with the charts. */
const CHARTS_ONLY =
  /\/node_modules\/(recharts|@reduxjs|redux|redux-thunk|reselect|immer|react-redux|use-sync-external-store|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant|victory-vendor|internmap|d3-[a-z-]+)\//;

// The dashboard is built from web/ into dist/web (or WEB_DIR); the server serves it from there
// (server/http/owner-app.ts). Browser-test runs build into a folder of their own.
export default defineConfig({
  root: "web",
  publicDir: "static",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: path.resolve(process.env.WEB_DIR ?? "dist/web"),
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: a separate chunk stays cached across deploys.
        // The chart library and what only it uses stay out of it, in the home page's lazy chunk.
        codeSplitting: {
          groups: [{ name: "vendor", test: (id) => id.includes("/node_modules/") && !CHARTS_ONLY.test(id) }],
        },
      },
    },
    // The vendor chunk (React, the router, zod, forms, i18n) is ~200 kB gzipped and loaded once.
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/storage": "http://localhost:3000" },
  },
});
