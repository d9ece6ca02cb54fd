#!/usr/bin/env node
/**
 * The gzip size of the JavaScript the chat page loads, from a build of the browser app: the entry of index.html and
 * the chat page's chunk, with every chunk they import statically (chunks loaded on demand by import() are left out),
 * plus the voice recorder's own chunk, which loads on the first press of a microphone button. Compare two builds:
 *
 *   npx vite build --outDir /tmp/chat-build --emptyOutDir && node scripts/chat-bundle-size.mjs /tmp/chat-build
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const print = (line) => process.stdout.write(`${line}\n`);
const dir = process.argv[2];
if (!dir) throw new Error("Usage: node scripts/chat-bundle-size.mjs <folder of a vite build>");
const assets = path.join(dir, "assets");
const html = fs.readFileSync(path.join(dir, "index.html"), "utf8");
const entry = html.match(/src="\/assets\/([^"]+\.js)"/)[1];
const chatPage = fs.readdirSync(assets).find((name) => /^chat-page-.*\.js$/.test(name));
const seen = new Set();
const visit = (name) => {
  if (seen.has(name)) return;
  seen.add(name);
  const code = fs.readFileSync(path.join(assets, name), "utf8");
  for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(match[1]);
};
visit(entry);
visit(chatPage);
let total = 0;
for (const name of seen) total += zlib.gzipSync(fs.readFileSync(path.join(assets, name)), { level: 9 }).length;
print(`${dir}: ${seen.size} chunks, ${(total / 1000).toFixed(2)} kB gzip`);
const lazy = fs.readdirSync(assets).find((name) => /^voice-recorder-.*\.js$/.test(name));
if (lazy)
  print(
    `  loaded on first use: ${lazy} ${(zlib.gzipSync(fs.readFileSync(path.join(assets, lazy)), { level: 9 }).length / 1000).toFixed(2)} kB gzip`,
  );
