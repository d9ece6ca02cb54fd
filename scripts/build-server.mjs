// Bundles the server into dist/server/index.js, the process that reads knowledge files into
// dist/server/extract-child.js and the embedded database's thread into dist/server/engine-thread.js; copies the SQL migrations beside them and makes the migrated database that new data
// folders start from (server/db/database-snapshot.ts).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { build } from "esbuild";

/**
 * Packages left in node_modules rather than bundled. PGlite and pgvector find their WebAssembly, file-system bundle and
 * extension archive beside their own modules (import.meta.url); the rest are loaded only when a request first needs
 * them (document readers, the PDF export, mail), so they cost nothing at start either way and stay as published.
 * Everything else the server imports at start is bundled: Node then reads, resolves and compiles a handful of files
 * instead of about 950 (better-auth, kysely, drizzle, zod, pg-boss…), which took most of the start-up's module
 * loading (docs/decisions/0020, third round).
 */
const EXTERNAL = [
  "@electric-sql/pglite",
  "@electric-sql/pglite-pgvector",
  "pg-native",
  "nodemailer",
  "linkedom",
  "@mozilla/readability",
  "mammoth",
  "papaparse",
  "unpdf",
  "pdfmake",
  "mdast-util-from-markdown",
  "mdast-util-gfm",
  "micromark-extension-gfm",
  // A native module, loaded from node_modules where it finds its prebuilt binary.
  "koffi",
];

fs.rmSync("dist/server", { recursive: true, force: true });
await build({
  // The file-reading process's entry sits beside index.js, where server/knowledge/extract/extract-in-child.ts finds it.
  entryPoints: {
    index: "server/index.ts",
    "extract-child": "server/knowledge/extract/extract-child.ts",
    // The embedded database's thread, beside index.js where server/db/engine-client.ts finds it.
    "engine-thread": "server/db/engine-thread.ts",
  },
  outdir: "dist/server",
  bundle: true,
  // Modules imported with import() (document readers, the PDF export) become chunks beside index.js, loaded when
  // first needed; every chunk sits in dist/server/ so paths from import.meta.url (migrations, snapshot) still hold.
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: EXTERNAL,
  // Bundled CommonJS packages call require() for Node's own modules, which an ES module has only when it makes one.
  banner: {
    js: 'import { createRequire as __bundleRequire } from "node:module"; const require = __bundleRequire(import.meta.url);',
  },
  // Without comments and spaces the code V8 keeps in memory is about 40 % smaller. Names stay, so stack traces in
  // the logs still name the function; the source map gives the line.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: true,
  logLevel: "warning",
});
// V8 keeps a module's source at one byte a character only if every character is Latin-1. esbuild escapes the others in
// strings, but not in regular expressions or tagged templates, where one such character doubles the memory the whole
// module's source takes: write it as \uXXXX there.
for (const file of fs.readdirSync("dist/server").filter((name) => name.endsWith(".js"))) {
  const text = fs.readFileSync(`dist/server/${file}`, "utf8");
  const wide = /[\u0100-\uffff]/.exec(text);
  if (wide) {
    const code = wide[0].charCodeAt(0).toString(16).padStart(4, "0");
    console.warn(
      `dist/server/${file}: write "${wide[0]}" as \\u${code} in …${text.slice(wide.index - 60, wide.index + 1)}`,
    );
  }
}
fs.rmSync("dist/server/migrations", { recursive: true, force: true });
fs.cpSync("server/db/migrations", "dist/server/migrations", { recursive: true });
execFileSync(
  process.execPath,
  ["--import", "tsx", "server/cli/make-database-snapshot.ts", "dist/server/database-snapshot"],
  { stdio: "inherit" },
);
