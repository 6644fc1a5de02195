// Browser tests drive Debian's Chromium; this never downloads a browser from anywhere else.
import { execSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  const canApt = process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get");
  if (!canApt) {
    console.error(
      `Chromium is missing at ${chromium}: install it with "sudo apt-get install -y chromium" (or set CHROMIUM_PATH), then run the tests again.`,
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the browser tests...");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
    stdio: "inherit",
  });
}
