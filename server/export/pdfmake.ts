import { createRequire } from "node:module";

/**
 * pdfmake as every PDF export uses it (conversations, documents): Roboto, shipped with pdfmake, embedded so accents and
 * most scripts print. Nothing in an owner's text may make the server read a file or fetch a URL: only these fonts are
 * read.
 */

const require = createRequire(import.meta.url);
export const pdfmake = require("pdfmake") as typeof import("pdfmake");

const FONT_FILES = {
  normal: require.resolve("pdfmake/fonts/Roboto/Roboto-Regular.ttf"),
  bold: require.resolve("pdfmake/fonts/Roboto/Roboto-Medium.ttf"),
  italics: require.resolve("pdfmake/fonts/Roboto/Roboto-Italic.ttf"),
  bolditalics: require.resolve("pdfmake/fonts/Roboto/Roboto-MediumItalic.ttf"),
};
const ALLOWED_FILES = new Set(Object.values(FONT_FILES));
pdfmake.setFonts({ Roboto: FONT_FILES });
pdfmake.setLocalAccessPolicy((path) => ALLOWED_FILES.has(path));
pdfmake.setUrlAccessPolicy(() => false);
