// Bundles the server into dist/server/index.js, copies the SQL migrations beside it and makes the migrated database
// that new data folders start from (server/db/database-snapshot.ts).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  outdir: "dist/server",
  bundle: true,
  // Modules imported with import() (document readers, the PDF export) become chunks beside index.js, loaded when
  // first needed; every chunk sits in dist/server/ so paths from import.meta.url (migrations, snapshot) still hold.
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
fs.rmSync("dist/server/migrations", { recursive: true, force: true });
fs.cpSync("server/db/migrations", "dist/server/migrations", { recursive: true });
execFileSync(
  process.execPath,
  ["--import", "tsx", "server/cli/make-database-snapshot.ts", "dist/server/database-snapshot"],
  { stdio: "inherit" },
);
