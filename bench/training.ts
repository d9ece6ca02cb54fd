// Training benchmark (issue 6): `npm run bench:training`.
//
// Time from pressing "Complete Training" to "indexed": POST /api/training/:id against the real app in-process
// (an in-memory PGlite database), then the background job that builds the index, with embeddings from the local
// OpenAI-protocol test server answering at once.
// Every submit changes the answers, so each one stores them and rebuilds the index (21 inputs embedded, one user
// context record and 20 pieces written). Target p50 ≤ 1 s.
import { createApp } from "../server/app";
import { parseEnv } from "../server/env";
import { createLogger } from "../server/logger";
import { buildDeps } from "../server/start";
import { startFakeAiServer } from "../server/test/fake-ai-server";
import { answersFor, givePlan } from "../server/test/fixtures";
import { createTestDatabase } from "../server/test/test-database";
import { signUpBenchOwner } from "./bench-owner";
import { percentile } from "./percentile";

const SUBMITS = 100;
const WARMUP = 10;
const DIRECTORS = ["martha", "finn", "ollie", "harper"] as const;

const fake = await startFakeAiServer();
const rows: string[] = [];
for (const provider of ["test AI server", "no provider (full text only)"] as const) {
  const times = await benchmark(provider === "test AI server");
  rows.push(
    `${provider}: ${SUBMITS} submits, p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(Math.max(...times))}`,
  );
}
await fake.close();
process.stdout.write(`Training submit → indexed\n${rows.map((row) => `  ${row}`).join("\n")}\n`);
// PGlite's WebAssembly may still be compiling in V8's background threads, which would hold the exit for minutes on a
// busy machine; the figures are out, so end.
process.exit();

async function benchmark(withProvider: boolean): Promise<number[]> {
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    APP_URL: "http://localhost:3000",
    ...(withProvider ? { AI_BASE_URL: fake.url, AI_API_KEY: "bench" } : {}),
  });
  const database = await createTestDatabase();
  const deps = await buildDeps({ env, log: createLogger("silent"), database });
  const app = createApp(deps);
  try {
    const { cookie, userId } = await signUpBenchOwner((path, init) => app.request(path, init), env.APP_URL, {
      email: "bench@example.com",
    });
    await givePlan(deps, userId, "premium");

    const times: number[] = [];
    for (let i = 0; i < WARMUP + SUBMITS; i++) {
      const directorId = DIRECTORS[i % DIRECTORS.length] ?? "martha";
      const started = performance.now();
      const response = await app.request(`/api/training/${directorId}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: env.APP_URL, cookie },
        body: JSON.stringify(answersFor(directorId, ` (round ${i})`)),
      });
      if (!response.ok) throw new Error(`submit ${i} failed: ${response.status}`);
      // The submit answers at once; the background job builds the index.
      await deps.jobs.idle();
      if (i >= WARMUP) times.push(performance.now() - started);
    }
    return times;
  } finally {
    await deps.database.close();
  }
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}
