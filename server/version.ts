import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** The app version from package.json, found from the source tree or from dist/server. */
function readVersion(): string {
  for (const candidate of ["../package.json", "../../package.json"]) {
    try {
      const pkg = require(candidate) as { name?: string; version?: string };
      if (pkg.name === "directors" && pkg.version) return pkg.version;
    } catch {
      // Try the next location.
    }
  }
  return "0.0.0";
}

export const APP_VERSION = readVersion();
