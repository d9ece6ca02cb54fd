import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder with this run's build of the browser app (see setup below). */
    staticDir: string;
  }
}

/**
 * Browser tests run against the built app, so build it once per run, into a
 * folder of the run's own: two runs at once (engineers sharing a working tree)
 * must not empty each other's build in the middle of a test.
 */
export default function setup(project: TestProject) {
  if (!fs.existsSync("/usr/bin/chromium")) {
    throw new Error(
      "Browser tests need Debian's Chromium at /usr/bin/chromium. Install it with:\n" +
        "  sudo apt-get update && sudo apt-get install -y chromium",
    );
  }
  fs.mkdirSync("dist", { recursive: true });
  const staticDir = fs.mkdtempSync(path.resolve("dist/e2e-web-"));
  execFileSync(
    process.execPath,
    ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn", "--outDir", staticDir, "--emptyOutDir"],
    // The production bundle, whatever NODE_ENV the test runner set.
    { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
  project.provide("staticDir", staticDir);
  return () => fs.rmSync(staticDir, { recursive: true, force: true });
}
