// The weekly run for many owners (issue 40): `npm run bench:briefs`.
//
// OWNERS owners (10,000 by default) on a throw-away PostgreSQL 15 cluster (server/test/postgres-server.ts; initdb as
// the postgres user when run as root), each on the premium plan with four trained directors (Finn, Martha, Sam,
// Harper), one weekly metric per director with eight weeks of values up to last week (so last week's check-in is
// done), and last-but-one week's briefs already written. One server process (bench/briefs-server.ts, started as
// `npm start` starts it) then runs as in production: its job runner sends the numbers sweep as it starts, the sweep
// claims last week's brief of every director of every owner, and the brief jobs write them, asking the test AI
// server (in a worker thread, answering at once). The bench waits until every brief is written, then starts a second
// process on the same database (a restart: its sweep runs again) and checks that nothing was claimed or asked twice.
//
// Reports the time to claim and to write every brief, briefs per second, the number of AI requests, and the server
// process's peak resident memory (VmHWM). `OWNERS=500 npm run bench:briefs` for a quick run.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { createInterface } from "node:readline";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/open-database";
import { postgresSettings } from "../server/db/postgres";
import {
  businessProfiles,
  directorBriefs,
  directorTrainings,
  metrics,
  metricValues,
  numbersSettings,
  subscriptions,
  users,
} from "../server/db/schema";
import { parseEnv } from "../server/env";
import { answersFor, PROFILE } from "../server/test/fixtures";
import { startPostgresServer } from "../server/test/postgres-server";
import type { DirectorId } from "../shared/directors";
import { periodAt, shiftPeriod } from "../shared/periods";
import { startFakeAiThread } from "./fake-ai-thread";
import { serverLaunch } from "./server-launch";

const OWNERS = Number(process.env.OWNERS ?? 10_000);
const DIRECTORS: DirectorId[] = ["finn", "martha", "sam", "harper"];
const WEEKS = 8;
const BATCH = 250;
const TIMEOUT_MS = Number(process.env.TIMEOUT_MINUTES ?? 60) * 60_000;

const print = (line = "") => process.stdout.write(`${line}\n`);
const postgres = await startPostgresServer();
const fake = await startFakeAiThread();
const children: ChildProcess[] = [];

/** Starts a server process on the database; resolves with it once it listens. */
async function startServerProcess(databaseUrl: string): Promise<ChildProcess> {
  const launch = serverLaunch(process.cwd(), ["--import", "tsx", "bench/briefs-server.ts"]);
  const child = spawn(launch.command, launch.args, {
    env: { ...process.env, PATH: launch.path, BENCH_DATABASE_URL: databaseUrl, BENCH_AI_BASE_URL: fake.url },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the bench server exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
      if (line.startsWith("{") && (JSON.parse(line) as { url?: string }).url) resolve();
    });
  });
  return child;
}

/** A process's peak resident memory so far, in MB (VmHWM; `scripts/serve.sh` execs node, so the pid is Node's). */
function peakRssMb(pid: number | undefined): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/^VmHWM:\s+(\d+) kB/m)?.[1] ?? 0) / 1024;
}

try {
  const databaseUrl = postgres.url(await postgres.createDatabase("briefs"));
  const database = await openDatabase({
    kind: "postgres",
    ...postgresSettings(parseEnv({ NODE_ENV: "production", DATABASE_URL: databaseUrl }) as never),
  });
  const { db } = database;
  const now = new Date();
  const lastWeek = shiftPeriod(periodAt(now, "weekly", "UTC"), "weekly", -1);
  const weekBefore = shiftPeriod(lastWeek, "weekly", -1);
  // Added in the first week of values: every week since (the week before it too) has its value, so nothing is due.
  const metricsAddedAt = new Date(now.getTime() - (WEEKS - 1) * 7 * 24 * 3600_000);

  const seedStarted = performance.now();
  for (let first = 0; first < OWNERS; first += BATCH) {
    const ids = Array.from({ length: Math.min(BATCH, OWNERS - first) }, (_, index) => `bench-owner-${first + index}`);
    await db.insert(users).values(ids.map((id) => ({ id, name: "Bench Owner", email: `${id}@example.com` })));
    await db.insert(subscriptions).values(ids.map((userId) => ({ userId, planId: "premium", chosenAt: now })));
    await db.insert(businessProfiles).values(ids.map((userId) => ({ userId, answers: PROFILE })));
    await db.insert(numbersSettings).values(ids.map((userId) => ({ userId, timeZone: "UTC", currency: "GBP" })));
    const pairs = ids.flatMap((userId) => DIRECTORS.map((directorId) => ({ userId, directorId })));
    await db
      .insert(directorTrainings)
      .values(pairs.map((pair) => ({ ...pair, answers: answersFor(pair.directorId), trainedAt: now })));
    const added = await db
      .insert(metrics)
      .values(
        pairs.map((pair) => ({
          ...pair,
          name: `${pair.directorId} weekly figure`,
          unit: "count" as const,
          target: 1000,
          createdAt: metricsAddedAt,
        })),
      )
      .returning({ id: metrics.id, userId: metrics.userId });
    await db.insert(metricValues).values(
      added.flatMap((metric) =>
        Array.from({ length: WEEKS }, (_, week) => ({
          metricId: metric.id,
          userId: metric.userId,
          period: shiftPeriod(lastWeek, "weekly", week - WEEKS + 1),
          value: 900 + ((week * 37) % 200),
        })),
      ),
    );
    await db.insert(directorBriefs).values(
      pairs.map((pair) => ({
        ...pair,
        period: weekBefore,
        status: "ready" as const,
        content: { moved: "Steady [1].", risk: "None seen [1].", action: "Keep going [1]." },
        sources: [],
        writtenAt: now,
      })),
    );
  }
  const seedMs = performance.now() - seedStarted;
  const expected = OWNERS * DIRECTORS.length;
  print(
    `Seeded ${OWNERS.toLocaleString("en")} owners in ${(seedMs / 1000).toFixed(0)} s; the weekly run owes ${expected.toLocaleString("en")} briefs.`,
  );

  const counts = async () => {
    const rows = (await db.execute(
      sql`select status, count(*)::int as n from director_briefs where period = ${lastWeek} group by status`,
    )) as unknown as { rows: Array<{ status: string; n: number }> };
    const of = (status: string) => rows.rows.find((row) => row.status === status)?.n ?? 0;
    return { claimed: of("pending") + of("ready"), ready: of("ready") };
  };

  const aiBefore = await fake.count();
  const started = performance.now();
  const first = await startServerProcess(databaseUrl);
  let claimedAt: number | undefined;
  let peak = 0;
  let polls = 0;
  for (;;) {
    peak = Math.max(peak, peakRssMb(first.pid));
    const { claimed, ready } = await counts();
    if (claimedAt === undefined && claimed === expected) claimedAt = performance.now() - started;
    if (ready === expected) break;
    if (++polls % 60 === 0) {
      print(`  ${((performance.now() - started) / 1000).toFixed(0)} s: ${claimed} claimed, ${ready} written`);
    }
    if (performance.now() - started > TIMEOUT_MS) throw new Error(`only ${ready} of ${expected} briefs written`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const totalMs = performance.now() - started;
  peak = Math.max(peak, peakRssMb(first.pid));

  // A restart: a second process starts (its sweep runs again) while the first still runs; nothing more is claimed.
  const second = await startServerProcess(databaseUrl);
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const after = await counts();
  const aiRequests = (await fake.count()) - aiBefore;
  const [rows] = (
    (await db.execute(
      sql`select count(*)::int as n, count(distinct (user_id, director_id))::int as pairs from director_briefs where period = ${lastWeek}`,
    )) as unknown as { rows: Array<{ n: number; pairs: number }> }
  ).rows;
  const once = rows?.n === expected && rows.pairs === expected && after.ready === expected && aiRequests === expected;

  print(
    `\nWeekly run, ${OWNERS.toLocaleString("en")} owners × ${DIRECTORS.length} directors, PostgreSQL 15, one server process:`,
  );
  print(`  every brief claimed        ${((claimedAt ?? totalMs) / 1000).toFixed(1)} s after the process started`);
  print(
    `  every brief written        ${(totalMs / 1000).toFixed(1)} s (${(expected / (totalMs / 1000)).toFixed(0)} briefs/s)`,
  );
  print(
    `  briefs / AI requests       ${rows?.n.toLocaleString("en")} / ${aiRequests.toLocaleString("en")} (expected ${expected.toLocaleString("en")} each, after a second process swept again)`,
  );
  print(`  peak memory (VmHWM)        ${peak.toFixed(0)} MB, the server process`);
  print(`  second process's peak      ${peakRssMb(second.pid).toFixed(0)} MB`);
  print(once ? "  every brief written exactly once" : "  FAILED: a brief is missing or was written twice");
  if (!once) process.exitCode = 1;
  await database.close();
} finally {
  for (const child of children.reverse()) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  await fake.close();
  await postgres.destroy();
}
