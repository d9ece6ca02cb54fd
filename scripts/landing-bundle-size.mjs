#!/usr/bin/env node
/**
 * Builds the browser app into a temporary folder and prints the gzip size of
 * the JavaScript and CSS a visitor's browser loads for the landing page at "/":
 * the entry chunk of index.html with everything it imports, the plain scripts
 * index.html loads (the theme before the first paint, the service worker's
 * registration), plus the chunks of the "/" route's modules (home route →
 * landing page) when they are loaded on demand rather than bundled with the
 * entry. Exits with 1 when the JavaScript is over the budget.
 *
 *   npm run bench:landing
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { build } from "vite";

/** The budget: initial JavaScript of the landing page ≤ 100 KB gzip (1 KB = 1000 bytes here). */
const JS_BUDGET_BYTES = 100_000;
/**
 * The "/" route's modules, relative to vite's root (web/). The manifest names a
 * module only when it starts a chunk of its own (loaded on demand); one the
 * entry imports statically is already counted with the entry.
 */
const LANDING_ROUTE_MODULES = ["src/app/routes/home-route.tsx", "src/features/landing/landing-page.tsx"];

const print = (line = "") => process.stdout.write(`${line}\n`);

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "directors-landing-bundle-"));
try {
  await build({
    configFile: path.resolve("vite.config.ts"),
    logLevel: "warn",
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8"));

  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no entry ${key}; did a route move?`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit("index.html");
  // Scripts that index.html loads as they are, from web/public or written by the service worker's plugin.
  const html = fs.readFileSync(path.join(outDir, "index.html"), "utf8");
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)) {
    if (fs.existsSync(path.join(outDir, src))) files.add(src);
  }
  for (const key of LANDING_ROUTE_MODULES) {
    if (!fs.existsSync(path.resolve("web", key))) throw new Error(`There is no web/${key}; did a route move?`);
    if (manifest[key]) visit(key);
  }

  const rows = [...files].map((file) => {
    const bytes = fs.readFileSync(path.join(outDir, file));
    return { file, kind: file.endsWith(".css") ? "css" : "js", raw: bytes.length, gzip: zlib.gzipSync(bytes).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);

  const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;
  const width = Math.max(...rows.map((row) => row.file.length));
  print("What the landing page (/) loads, built by vite (1 kB = 1000 bytes):\n");
  for (const row of rows) {
    print(`  ${row.file.padEnd(width)}  ${kb(row.raw).padStart(10)}  gzip ${kb(row.gzip).padStart(9)}`);
  }
  const total = (kind) => rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + row.gzip, 0);
  const js = total("js");
  const css = total("css");
  print(`\n  JavaScript gzip: ${kb(js)} (budget ${kb(JS_BUDGET_BYTES)})`);
  print(`  CSS gzip:        ${kb(css)}`);
  print(`  Total gzip:      ${kb(js + css)}`);
  if (js > JS_BUDGET_BYTES) {
    console.error(`\nOver budget by ${kb(js - JS_BUDGET_BYTES)} of JavaScript.`);
    process.exitCode = 1;
  }
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
