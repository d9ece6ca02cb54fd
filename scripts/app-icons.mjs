#!/usr/bin/env node
/**
 * Draws the installed app's icons from our logo, web/public/favicon.svg, with
 * Chromium (the one the browser tests use) into web/public/icons/:
 *
 * - icon-192.png, icon-512.png: the logo as it is, rounded corners and all;
 * - icon-maskable-192.png, icon-maskable-512.png: the mark on a full square of
 *   the logo's colour, inside the middle 80% that every launcher's mask keeps;
 * - apple-touch-icon.png (180 px): a full square too; iOS rounds it itself.
 *
 *   npm run icons
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const logo = fs.readFileSync("web/public/favicon.svg", "utf8");
const viewBox = /viewBox="([^"]+)"/.exec(logo)?.[1];
const background = /<rect\b[^>]*\bfill="([^"]+)"/.exec(logo)?.[1];
// The mark: everything drawn after the rounded background square.
const mark = logo.replace(/^[\s\S]*?<rect\b[^>]*\/>/, "").replace(/<\/svg>\s*$/, "");
if (!viewBox || !background || !mark.includes("<path"))
  throw new Error("web/public/favicon.svg is not the logo this script knows.");
const [, , width, height] = viewBox.split(/\s+/).map(Number);

/** The mark, scaled about its centre, on a square with no rounded corners. */
function fullBleed(scale) {
  const cx = width / 2;
  const cy = height / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"><rect width="${width}" height="${height}" fill="${background}"/><g transform="translate(${cx} ${cy}) scale(${scale}) translate(${-cx} ${-cy})">${mark}</g></svg>`;
}

const ICONS = [
  { file: "icon-192.png", size: 192, svg: logo },
  { file: "icon-512.png", size: 512, svg: logo },
  { file: "icon-maskable-192.png", size: 192, svg: fullBleed(0.8) },
  { file: "icon-maskable-512.png", size: 512, svg: fullBleed(0.8) },
  { file: "apple-touch-icon.png", size: 180, svg: fullBleed(0.9) },
];

const outDir = path.resolve("web/public/icons");
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  const page = await browser.newPage();
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const source = `data:image/svg+xml;base64,${Buffer.from(icon.svg).toString("base64")}`;
    await page.setContent(
      `<body style="margin:0"><img src="${source}" width="${icon.size}" height="${icon.size}" style="display:block"></body>`,
    );
    await page.locator("img").evaluate((image) => image.decode());
    await page.screenshot({ path: path.join(outDir, icon.file), omitBackground: true });
    process.stdout.write(`web/public/icons/${icon.file} (${icon.size}×${icon.size})\n`);
  }
} finally {
  await browser.close();
}
