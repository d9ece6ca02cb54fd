// Bundles the server into dist/server/index.js and copies the SQL migrations beside it.
import fs from "node:fs";
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  outfile: "dist/server/index.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
fs.rmSync("dist/server/migrations", { recursive: true, force: true });
fs.cpSync("server/db/migrations", "dist/server/migrations", { recursive: true });
