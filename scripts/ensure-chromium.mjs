// Browser tests drive Debian's Chromium; this never downloads a browser from anywhere else.
import { execFileSync } from "node:child_process";

execFileSync(
  process.execPath,
  [new URL("./ensure-packages.mjs", import.meta.url).pathname, "chromium", "chromium-headless-shell"],
  {
    stdio: "inherit",
  },
);
