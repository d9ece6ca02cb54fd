// For the benchmarks' `--compare <git ref>`: that ref checked out in a temporary worktree and built, so both builds can
// run alternately on one machine and be judged by ratio.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** `--compare <ref>` from the command line; exits with usage when the ref is missing. */
export function compareRefArg(script: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf("--compare");
  if (at < 0) return undefined;
  const ref = args[at + 1];
  if (!ref || ref.startsWith("--")) {
    process.stderr.write(`Usage: npm run ${script} -- [--compare <git ref>]\n`);
    process.exit(2);
  }
  return ref;
}

/**
 * Checks `ref` out in a temporary worktree and runs `npm run build` there (node_modules shared when the lockfile is
 * the same, installed otherwise). Returns its folder and a function that removes the worktree.
 */
export function checkOutRef(ref: string, options: { build: boolean }): { root: string; remove(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "directors-compare-"));
  execFileSync("git", ["worktree", "add", "--detach", root, ref], { stdio: "ignore" });
  const remove = () => execFileSync("git", ["worktree", "remove", "--force", root], { stdio: "ignore" });
  try {
    const lockfile = (folder: string) => fs.readFileSync(path.join(folder, "package-lock.json"), "utf8");
    if (lockfile(root) === lockfile(process.cwd())) {
      fs.symlinkSync(path.resolve("node_modules"), path.join(root, "node_modules"), "dir");
    } else {
      execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: root, stdio: "ignore" });
    }
    if (options.build) execFileSync("npm", ["run", "build"], { cwd: root, stdio: "ignore" });
  } catch (error) {
    remove();
    throw error;
  }
  return { root, remove };
}

/**
 * `runs` measurements of this checkout (labelled `label`); with a ref, of that ref's checkout too, the two in turn,
 * so that both are measured under the same load. The ref's column comes first.
 */
export async function measureEach<Run>(options: {
  ref: string | undefined;
  runs: number;
  label: string;
  build: boolean;
  measure: (root: string) => Promise<Run>;
}): Promise<Array<{ label: string; runs: Run[] }>> {
  const current = { label: options.label, runs: [] as Run[] };
  if (!options.ref) {
    for (let index = 0; index < options.runs; index++) current.runs.push(await options.measure(process.cwd()));
    return [current];
  }
  process.stdout.write(`${options.build ? "Building" : "Checking out"} ${options.ref} in a temporary worktree…\n`);
  const checkout = checkOutRef(options.ref, { build: options.build });
  const ref = { label: options.ref, runs: [] as Run[] };
  try {
    for (let index = 0; index < options.runs; index++) {
      ref.runs.push(await options.measure(checkout.root));
      current.runs.push(await options.measure(process.cwd()));
    }
  } finally {
    checkout.remove();
  }
  return [ref, current];
}

export type Figure<Result> = {
  label: string;
  value(result: Result): number;
  unit: "ms" | "MiB" | "" | "decimal";
  target?: string;
};

const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

function format(value: number, unit: Figure<unknown>["unit"]): string {
  if (Number.isNaN(value)) return "–";
  if (unit === "ms") return value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`;
  if (unit === "MiB") return `${value.toFixed(1)} MiB`;
  if (unit === "decimal") return value.toFixed(2);
  return String(Math.round(value));
}

/** One table: a row per figure, a column per build (medians of its runs), and this/ref when there are two. */
export function printTable<Result>(
  figures: Array<Figure<Result>>,
  columns: Array<{ label: string; runs: Result[] }>,
): void {
  const header = ["figure (median)", ...columns.map((column) => column.label)];
  if (columns.length === 2) header.push("this/ref");
  header.push("target");
  const rows = figures.map((figure) => {
    const values = columns.map((column) => median(column.runs.map((run) => figure.value(run))));
    const row = [figure.label, ...values.map((value) => format(value, figure.unit))];
    if (columns.length === 2) {
      const [ref, current] = values as [number, number];
      if (Number.isNaN(ref) || Number.isNaN(current)) row.push("");
      else row.push(ref === 0 && current === 0 ? "=" : `${(current / ref).toFixed(2)}×`);
    }
    row.push(figure.target ?? "");
    return row;
  });
  const widths = header.map((_, index) => Math.max(...[header, ...rows].map((row) => (row[index] ?? "").length)));
  const line = (row: string[]) =>
    row
      .map((cell, index) => cell.padEnd(widths[index] ?? 0))
      .join("  ")
      .trimEnd();
  process.stdout.write(`${line(header)}\n${rows.map(line).join("\n")}\n`);
  const runs = columns[0]?.runs.length ?? 0;
  process.stdout.write(`${runs} run${runs === 1 ? "" : "s"} each${columns.length === 2 ? ", alternating" : ""}\n`);
}
