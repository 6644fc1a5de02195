// The tests' outside tools come from Debian's packages, never downloaded from anywhere else:
// installed with one apt call when missing (as root), or we say what to install.
// Usage: node scripts/ensure-packages.mjs chromium chromium-headless-shell nginx wrk poppler
import { execSync } from "node:child_process";
import fs from "node:fs";

const KNOWN = {
  chromium: { path: "/usr/bin/chromium", packageName: "chromium" },
  // Chromium's own headless build, without the full browser's user interface: the browser tests
  // run in it (playwright.config.ts), in about half the time of the full browser.
  "chromium-headless-shell": {
    path: "/usr/lib/chromium/chromium-headless-shell",
    packageName: "chromium-headless-shell",
  },
  nginx: { path: "/usr/sbin/nginx", packageName: "nginx-light" },
  wrk: { path: "/usr/bin/wrk", packageName: "wrk" },
  // The counter's journey turns its PDFs into pictures and text (pdftoppm, pdftotext) to read them.
  poppler: { path: "/usr/bin/pdftoppm", packageName: "poppler-utils" },
};

const wanted = process.argv.slice(2).map((name) => {
  const tool = KNOWN[name];
  if (!tool) throw new Error(`unknown tool ${name}: one of ${Object.keys(KNOWN).join(", ")}`);
  return tool;
});
const missing = wanted.filter((tool) => !fs.existsSync(tool.path)).map((tool) => tool.packageName);
if (missing.length > 0) {
  const canApt = process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get");
  if (!canApt) {
    console.error(
      `Missing ${missing.join(", ")}: install with "sudo apt-get install -y ${missing.join(" ")}", then run again.`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(", ")} from Debian's packages...`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")}`, {
    stdio: "inherit",
  });
}
