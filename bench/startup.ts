// Measures the built server's cold start (a new, empty data folder → healthy), warm start (the same folder again) and
// idle memory IDLE_SECONDS (10) after each, with the CPU time the server process spent until healthy (user + system: less sensitive
// than the wall-clock time to other work on a shared machine). Run `npm run build` first; then `npm run bench:startup`.
//
//   npm run bench:startup                         this build, RUNS times (default 3), medians
//   npm run bench:startup -- --compare <git ref>  also builds <ref> in a temporary worktree and starts the two
//                                                 alternately (ref, this, ref, this, …), so a noisy machine affects
//                                                 both alike; prints both columns and this/ref.
//
// Targets (issue 18): cold ≤ 2 s, warm ≤ 1.5 s; idle RSS 10 s after a cold start ≤ 160 MiB (issue 39).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../server/test/free-port";
import { compareRefArg, type Figure, measureEach, printTable } from "./compare-ref";
import { serverLaunch } from "./server-launch";

const compareRef = compareRefArg("bench:startup");
const RUNS = Number(process.env.RUNS ?? 3);
/** How long the server idles after each start before its memory is read. */
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 10);

if (!fs.existsSync("dist/server/index.js")) {
  process.stderr.write("Build first: npm run build\n");
  process.exit(1);
}

/** User + system CPU time of the process so far, from /proc (clock ticks of 10 ms). */
function cpuMs(child: ChildProcess): number {
  const fields = fs.readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // After the command name: state is field 3, utime field 14 and stime field 15 (1-based, as in proc(5)).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssMiB(child: ChildProcess): number {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Starts the build in `root` on `dataDir`, waits until healthy, then IDLE_SECONDS idle; returns ready ms, CPU and idle RSS. */
async function start(root: string, dataDir: string): Promise<{ readyMs: number; cpuMs: number; rss: number }> {
  const port = await freePort();
  const started = performance.now();
  const launch = serverLaunch(root, [path.join(root, "dist/server/index.js")]);
  const child = spawn(launch.command, launch.args, {
    cwd: root,
    env: {
      ...process.env,
      PATH: launch.path,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server in ${root} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyMs = performance.now() - started;
  const cpu = cpuMs(child);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const rss = rssMiB(child);
  child.kill("SIGTERM");
  await exited;
  return { readyMs, cpuMs: cpu, rss };
}

type Run = { coldMs: number; coldCpu: number; coldRss: number; warmMs: number; warmCpu: number; warmRss: number };

/** One cold and one warm start of the build in `root`, on a new data folder. */
async function run(root: string): Promise<Run> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directors-bench-"));
  try {
    const cold = await start(root, dataDir);
    const warm = await start(root, dataDir);
    return {
      coldMs: cold.readyMs,
      coldCpu: cold.cpuMs,
      coldRss: cold.rss,
      warmMs: warm.readyMs,
      warmCpu: warm.cpuMs,
      warmRss: warm.rss,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const FIGURES: Array<Figure<Run>> = [
  { label: "cold start: new data folder → healthy", value: (r) => r.coldMs, unit: "ms", target: "≤ 2000 ms" },
  { label: "warm start: existing data folder → healthy", value: (r) => r.warmMs, unit: "ms", target: "≤ 1500 ms" },
  { label: "server CPU until healthy, cold start", value: (r) => r.coldCpu, unit: "ms" },
  { label: "server CPU until healthy, warm start", value: (r) => r.warmCpu, unit: "ms" },
  {
    label: `idle RSS ${IDLE_SECONDS} s after the cold start`,
    value: (r) => r.coldRss,
    unit: "MiB",
    target: "≤ 160 MiB (issue 39)",
  },
  { label: `idle RSS ${IDLE_SECONDS} s after the warm start`, value: (r) => r.warmRss, unit: "MiB" },
];

printTable(FIGURES, await measureEach({ ref: compareRef, runs: RUNS, label: "this build", build: true, measure: run }));
