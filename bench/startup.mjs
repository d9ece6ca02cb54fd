// Measures the built server's cold start (a new, empty data folder → healthy), warm start (the same folder again) and
// idle memory 3 s after each. Run `npm run build` first; then `npm run bench:startup`.
//
//   npm run bench:startup                         this build, RUNS times (default 3), medians
//   npm run bench:startup -- --compare <git ref>  also builds <ref> in a temporary worktree and starts the two
//                                                 alternately (ref, this, ref, this, …), so a noisy machine affects
//                                                 both alike; prints both columns and this/ref.
//
// Targets (issue 18): cold ≤ 2 s, warm ≤ 1.5 s, idle RSS ≤ 200 MB.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const args = process.argv.slice(2);
const compareAt = args.indexOf("--compare");
const compareRef = compareAt >= 0 ? args[compareAt + 1] : undefined;
if (compareAt >= 0 && !compareRef) {
  console.error("Usage: npm run bench:startup -- [--compare <git ref>]");
  process.exit(2);
}
const RUNS = Number(process.env.RUNS ?? 3);

if (!fs.existsSync("dist/server/index.js")) {
  console.error("Build first: npm run build");
  process.exit(1);
}

function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Starts the server in `root` on `dataDir`, waits until healthy, then 3 s idle; returns ready ms and idle RSS. */
async function start(root, dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, "dist/server/index.js")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "error" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server in ${root} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const rss = rssMiB(child.pid);
  child.kill("SIGTERM");
  await exited;
  return { readyMs, rss };
}

/** One cold and one warm start of the build in `root`, on a new data folder. */
async function round(root) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directors-bench-"));
  try {
    const cold = await start(root, dataDir);
    const warm = await start(root, dataDir);
    return { coldMs: cold.readyMs, coldRss: cold.rss, warmMs: warm.readyMs, warmRss: warm.rss };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A worktree of `ref`, built; node_modules shared when the lockfile is the same, installed otherwise. */
function buildRef(ref) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "directors-compare-"));
  execFileSync("git", ["worktree", "add", "--detach", folder, ref], { stdio: "ignore" });
  const sameLock =
    fs.readFileSync(path.join(folder, "package-lock.json"), "utf8") === fs.readFileSync("package-lock.json", "utf8");
  if (sameLock) fs.symlinkSync(path.resolve("node_modules"), path.join(folder, "node_modules"), "dir");
  else execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: folder, stdio: "ignore" });
  execFileSync("npm", ["run", "build"], { cwd: folder, stdio: "ignore" });
  return folder;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const FIGURES = [
  ["cold start: new data folder → healthy", "coldMs", "ms", "≤ 2000"],
  ["warm start: existing data folder → healthy", "warmMs", "ms", "≤ 1500"],
  ["idle RSS 3 s after the cold start", "coldRss", "MiB", "≤ 200 MB"],
  ["idle RSS 3 s after the warm start", "warmRss", "MiB", "≤ 200 MB"],
];

const format = (value, unit) => (unit === "ms" ? `${Math.round(value)} ms` : `${value.toFixed(1)} MiB`);

function printTable(columns) {
  const header = ["figure (median)", ...columns.map((column) => column.label)];
  if (columns.length === 2) header.push("this/ref");
  header.push("target");
  const rows = FIGURES.map(([label, key, unit, target]) => {
    const values = columns.map((column) => median(column.rounds.map((r) => r[key])));
    const row = [label, ...values.map((value) => format(value, unit))];
    if (columns.length === 2) row.push(`${(values[1] / values[0]).toFixed(2)}×`);
    row.push(target);
    return row;
  });
  const widths = header.map((_, index) => Math.max(...[header, ...rows].map((row) => row[index].length)));
  const line = (row) => row.map((cell, index) => cell.padEnd(widths[index])).join("  ");
  process.stdout.write(`${line(header)}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
  process.stdout.write(`${columns[0].rounds.length} rounds each${columns.length === 2 ? ", alternating" : ""}\n`);
}

const current = { label: "this build", root: process.cwd(), rounds: [] };
if (!compareRef) {
  for (let index = 0; index < RUNS; index++) current.rounds.push(await round(current.root));
  printTable([current]);
} else {
  process.stdout.write(`Building ${compareRef} in a temporary worktree…\n`);
  const root = buildRef(compareRef);
  const ref = { label: compareRef, root, rounds: [] };
  try {
    for (let index = 0; index < RUNS; index++) {
      ref.rounds.push(await round(ref.root));
      current.rounds.push(await round(current.root));
    }
    printTable([ref, current]);
  } finally {
    execFileSync("git", ["worktree", "remove", "--force", root], { stdio: "ignore" });
  }
}
