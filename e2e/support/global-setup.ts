import { execFileSync } from "node:child_process";
import fs from "node:fs";

/** Browser tests run against the built app, so build it once per run. */
export default function setup() {
  if (!fs.existsSync("/usr/bin/chromium")) {
    throw new Error(
      "Browser tests need Debian's Chromium at /usr/bin/chromium. Install it with:\n" +
        "  sudo apt-get update && sudo apt-get install -y chromium",
    );
  }
  execFileSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"], {
    stdio: "inherit",
  });
}
