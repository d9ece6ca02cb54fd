#!/usr/bin/env node
// Checks the retrieval evaluation set: questions.json against the files in documents/.
// Usage: node check.mjs [--strict] [--quiet]
//   --strict  treat warnings (quote found more than once, or also in documents not listed) as problems
//   --quiet   print only problems, warnings and the totals
// Exits 1 if any problem is found, 0 otherwise. No dependencies.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(fileURLToPath(import.meta.url));
const docsDir = join(root, "documents");
const strict = process.argv.includes("--strict");
const quiet = process.argv.includes("--quiet");

const KINDS = ["lexical", "paraphrase", "follow-up", "table", "multi"];
const DIRECTORS = ["martha", "finn", "ollie", "harper", "sam", "ben"];
const DOC_TYPES = [".md", ".csv", ".html", ".txt"];
const QUOTE_MIN = 30;
const QUOTE_MAX = 250;
const WORDS_PER_PAGE = 475;

const problems = [];
const warnings = [];
const problem = (msg) => problems.push(msg);
const warn = (msg) => warnings.push(msg);
const print = (line) => process.stdout.write(`${line}\n`);

// ---------- documents ----------

const docs = new Map(); // name -> { text, type, words }
for (const name of readdirSync(docsDir).sort()) {
  const path = join(docsDir, name);
  if (!statSync(path).isFile()) continue;
  const type = extname(name).toLowerCase();
  if (!DOC_TYPES.includes(type)) {
    problem(`documents/${name}: unexpected file type ${type || "(none)"}`);
    continue;
  }
  const text = readFileSync(path, "utf8");
  if (text.includes("\r")) problem(`documents/${name}: contains carriage returns; use LF line endings`);
  docs.set(name, { text, type, words: countWords(text, type) });
}

function visibleText(html) {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<head[\s\S]*?<\/head>/i, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

function countWords(text, type) {
  let t = text;
  if (type === ".html") t = visibleText(t);
  if (type === ".csv") t = t.replace(/[,;]/g, " ");
  t = t.replace(/\|/g, " ");
  const tokens = t.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  return tokens.length;
}

function occurrences(haystack, needle) {
  let count = 0;
  let from = 0;
  const positions = [];
  for (;;) {
    const i = haystack.indexOf(needle, from);
    if (i === -1) break;
    count++;
    positions.push(i);
    from = i + 1;
  }
  return { count, positions };
}

// True if position i of an HTML source is outside any tag (i.e. in text content).
function inHtmlText(html, i) {
  const lastOpen = html.lastIndexOf("<", i);
  const lastClose = html.lastIndexOf(">", i);
  return lastOpen <= lastClose;
}

// CSV structure: header plus 30-400 data rows, consistent column count.
function parseCsvLine(line) {
  const out = [];
  let cur = "";
  let q = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (q) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') q = false;
      else cur += c;
    } else if (c === '"') q = true;
    else if (c === ",") {
      out.push(cur);
      cur = "";
    } else cur += c;
  }
  out.push(cur);
  return out;
}

for (const [name, d] of docs) {
  if (d.type !== ".csv") continue;
  const lines = d.text.split("\n").filter((l) => l.length > 0);
  const width = parseCsvLine(lines[0]).length;
  const rows = lines.length - 1;
  d.rows = rows;
  if (rows < 30 || rows > 400) problem(`documents/${name}: ${rows} data rows (expected 30-400)`);
  lines.forEach((l, n) => {
    const w = parseCsvLine(l).length;
    if (w !== width) problem(`documents/${name}: line ${n + 1} has ${w} columns, header has ${width}`);
  });
}

// ---------- questions ----------

let questions;
try {
  questions = JSON.parse(readFileSync(join(root, "questions.json"), "utf8"));
} catch (e) {
  console.error(`Cannot read questions.json: ${e.message}`);
  process.exit(1);
}
if (!Array.isArray(questions)) {
  console.error("questions.json must be an array");
  process.exit(1);
}

const ids = new Set();
const texts = new Map();
const byKind = Object.fromEntries(KINDS.map((k) => [k, 0]));
const byDirector = Object.fromEntries(DIRECTORS.map((k) => [k, 0]));
const docUse = new Map([...docs.keys()].map((n) => [n, 0]));
let answerCount = 0;
let uniqueInDoc = 0;

for (const [index, q] of questions.entries()) {
  const where = q && typeof q.id === "string" ? q.id : `#${index}`;
  if (!q || typeof q !== "object") {
    problem(`${where}: not an object`);
    continue;
  }

  const allowed = ["id", "question", "history", "kind", "director", "answers"];
  for (const key of Object.keys(q)) if (!allowed.includes(key)) problem(`${where}: unexpected field "${key}"`);

  if (typeof q.id !== "string" || !/^q\d{3}$/.test(q.id)) problem(`${where}: id must look like q001`);
  else if (ids.has(q.id)) problem(`${where}: duplicate id`);
  else ids.add(q.id);

  if (typeof q.question !== "string" || q.question.trim().length < 5)
    problem(`${where}: question missing or too short`);
  else {
    const key = q.question.trim().toLowerCase();
    if (texts.has(key)) problem(`${where}: same question text as ${texts.get(key)}`);
    else texts.set(key, where);
  }

  if (!KINDS.includes(q.kind)) problem(`${where}: kind "${q.kind}" is not one of ${KINDS.join(", ")}`);
  else byKind[q.kind]++;

  if (!DIRECTORS.includes(q.director))
    problem(`${where}: director "${q.director}" is not one of ${DIRECTORS.join(", ")}`);
  else byDirector[q.director]++;

  if (q.history !== undefined) {
    if (
      !Array.isArray(q.history) ||
      q.history.length === 0 ||
      q.history.some((h) => typeof h !== "string" || !h.trim())
    )
      problem(`${where}: history must be a non-empty array of strings`);
  }
  if (q.kind === "follow-up" && !(Array.isArray(q.history) && q.history.length > 0))
    problem(`${where}: follow-up questions need a history`);

  if (!Array.isArray(q.answers) || q.answers.length === 0) {
    problem(`${where}: answers must be a non-empty array`);
    continue;
  }
  if (q.kind === "multi" && q.answers.length < 2) problem(`${where}: multi questions need at least two answers`);

  const seenQuotes = new Set();
  for (const [ai, a] of q.answers.entries()) {
    const aw = `${where} answer ${ai + 1}`;
    answerCount++;
    if (!a || typeof a.document !== "string" || typeof a.quote !== "string") {
      problem(`${aw}: needs "document" and "quote" strings`);
      continue;
    }
    for (const key of Object.keys(a))
      if (!["document", "quote"].includes(key)) problem(`${aw}: unexpected field "${key}"`);
    const doc = docs.get(a.document);
    if (!doc) {
      problem(`${aw}: document "${a.document}" not found in documents/`);
      continue;
    }
    docUse.set(a.document, docUse.get(a.document) + 1);

    const quote = a.quote;
    const pair = `${a.document}\u0000${quote}`;
    if (seenQuotes.has(pair)) problem(`${aw}: same document and quote listed twice`);
    seenQuotes.add(pair);

    if (quote.length < QUOTE_MIN || quote.length > QUOTE_MAX)
      problem(`${aw}: quote is ${quote.length} characters (expected ${QUOTE_MIN}-${QUOTE_MAX})`);
    if (/[\r\n]/.test(quote)) problem(`${aw}: quote spans a line break`);
    if (quote !== quote.trim()) problem(`${aw}: quote has leading or trailing whitespace`);
    if (doc.type === ".html" && /[<>&]/.test(quote)) problem(`${aw}: HTML quote must be plain text (no <, > or &)`);
    if (doc.type === ".md" && /\*\*|`|\]\(/.test(quote))
      warn(`${aw}: quote contains Markdown markup, which a converter may strip`);

    const { count, positions } = occurrences(doc.text, quote);
    if (count === 0) {
      problem(`${aw}: quote not found in ${a.document}: "${quote}"`);
      continue;
    }
    if (doc.type === ".html" && !positions.every((p) => inHtmlText(doc.text, p)))
      problem(`${aw}: quote occurs inside an HTML tag in ${a.document}`);
    if (count === 1) uniqueInDoc++;
    else warn(`${aw}: quote occurs ${count} times in ${a.document}`);

    const listed = new Set(q.answers.map((x) => x?.document));
    const elsewhere = [...docs]
      .filter(([n, d]) => n !== a.document && !listed.has(n) && d.text.includes(quote))
      .map(([n]) => n);
    if (elsewhere.length) warn(`${aw}: quote also occurs in ${elsewhere.join(", ")} (not listed as an answer)`);
  }
}

// ---------- report ----------

const pad = (s, n) => String(s).padEnd(n);
const padL = (s, n) => String(s).padStart(n);

if (!quiet) {
  print("Documents");
  const nameWidth = Math.max(...[...docs.keys()].map((n) => n.length)) + 2;
  for (const [name, d] of docs) {
    const extra = d.rows !== undefined ? `  ${d.rows} rows` : "";
    print(
      `  ${pad(name, nameWidth)}${padL(d.words, 7)} words  ${padL((d.words / WORDS_PER_PAGE).toFixed(1), 5)} pages  ${padL(docUse.get(name), 3)} answers${extra}`,
    );
  }
}
const totalWords = [...docs.values()].reduce((s, d) => s + d.words, 0);
const proseWords = [...docs.values()].filter((d) => d.type !== ".csv").reduce((s, d) => s + d.words, 0);
const typeCounts = {};
for (const d of docs.values()) typeCounts[d.type] = (typeCounts[d.type] || 0) + 1;

print(
  `\n${docs.size} documents (${Object.entries(typeCounts)
    .map(([t, n]) => `${n} ${t}`)
    .join(", ")})`,
);
print(
  `${totalWords} words in all (${(totalWords / WORDS_PER_PAGE).toFixed(0)} pages at ${WORDS_PER_PAGE} words); ${proseWords} words outside CSV files`,
);
print(
  `${questions.length} questions, ${answerCount} answers (${uniqueInDoc} quotes occur exactly once in their document)`,
);
print(`By kind:     ${KINDS.map((k) => `${k} ${byKind[k]}`).join(", ")}`);
print(`By director: ${DIRECTORS.map((k) => `${k} ${byDirector[k]}`).join(", ")}`);
const unused = [...docUse].filter(([, n]) => n === 0).map(([n]) => n);
if (unused.length) print(`Documents with no answers: ${unused.join(", ")}`);

if (warnings.length) {
  print(`\n${warnings.length} warning(s):`);
  for (const w of warnings) print(`  - ${w}`);
}
if (problems.length) {
  print(`\n${problems.length} problem(s):`);
  for (const p of problems) print(`  - ${p}`);
}

const failed = problems.length > 0 || (strict && warnings.length > 0);
print(failed ? "\nFAILED" : "\nOK");
process.exit(failed ? 1 : 0);
