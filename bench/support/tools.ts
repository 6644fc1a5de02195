// The load tool and the baseline server come from Debian's packages: installed when missing (as
// root with apt, like scripts/ensure-chromium.mjs), or the bench says what to install.
import { execSync } from "node:child_process";
import fs from "node:fs";

const TOOLS = [
  { command: "/usr/sbin/nginx", packageName: "nginx-light" },
  { command: "/usr/bin/wrk", packageName: "wrk" },
];

export function ensureTools(): void {
  const missing = TOOLS.filter((tool) => !fs.existsSync(tool.command)).map((tool) => tool.packageName);
  if (missing.length === 0) return;
  const canApt = process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get");
  if (!canApt)
    throw new Error(`The bench needs ${missing.join(" and ")}: sudo apt-get install -y ${missing.join(" ")}`);
  console.log(`Installing ${missing.join(", ")} from Debian's packages...`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")}`, {
    stdio: "inherit",
  });
}
