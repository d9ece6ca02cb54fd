import { afterEach, beforeAll } from "vitest";
import type { RetryOptions } from "../ai/retry";
import { createApp } from "../app";
import type { DatabaseHandle } from "../db/client";
import type { AppDeps } from "../deps";
import { parseEnv } from "../env";
import type { JobRunnerOptions } from "../jobs/job-runner";
import { createLogger, secretsOf } from "../logger";
import { buildDeps } from "../start";
import { createTestDatabase } from "./test-database";

export type TestAppOptions = {
  env?: Record<string, string>;
  now?: () => Date;
  aiRetry?: RetryOptions;
  /** Collects every log line the app writes, at the env's LOG_LEVEL (silent unless the test sets one). */
  logLines?: string[];
  jobs?: JobRunnerOptions;
  /** Another database than a fresh in-memory one (a PostgreSQL server's); closed after the test all the same. */
  database?: DatabaseHandle;
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// A worker's first database loads PostgreSQL's WebAssembly, which takes a moment on a busy machine: do it in a hook,
// under the hook time limit, rather than inside the first test's.
beforeAll(async () => {
  await (await createTestDatabase()).close();
});

const openApps: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(openApps.splice(0).map((app) => app.close()));
});

/** The real app, in-process, on its own fresh database; closed after the test. */
export async function createTestApp(options: TestAppOptions = {}) {
  const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", APP_URL: "http://localhost:3000", ...options.env });
  const database = options.database ?? (await createTestDatabase());
  const deps: AppDeps = await buildDeps({
    env,
    log: createLogger(env.LOG_LEVEL, {
      secrets: secretsOf(env),
      destination: options.logLines && { write: (line: string) => void options.logLines?.push(line) },
    }),
    database,
    now: options.now,
    aiRetry: options.aiRetry ?? { firstDelayMs: 5 },
    jobs: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, ...options.jobs },
  });
  const app = createApp(deps);
  const handle = {
    async close() {
      await deps.answers.close(0);
      // Closing the database stops the job workers first.
      await deps.database.close();
    },
  };
  openApps.push(handle);

  const appOrigin = new URL(env.APP_URL).origin;

  /**
   * A request as the app's own pages send it: a JSON body with its content type, and, for anything but GET, the
   * app's origin in `Origin` (browsers add it to every such request). `origin: null` sends none, another value
   * pretends to come from that site.
   */
  async function request(
    path: string,
    init: {
      method?: string;
      body?: unknown;
      cookie?: string;
      headers?: Record<string, string>;
      origin?: string | null;
    } = {},
  ) {
    const method = init.method ?? (init.body === undefined ? "GET" : "POST");
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers["content-type"] ??= "application/json";
    if (init.cookie) headers.cookie = init.cookie;
    const origin = init.origin === undefined ? (SAFE_METHODS.has(method) ? null : appOrigin) : init.origin;
    if (origin !== null) headers.origin ??= origin;
    return app.request(path, {
      method,
      headers,
      body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
    });
  }

  let userCount = 0;
  /** Signs up a new user and returns the session cookie to send with later requests. */
  async function signUp(overrides: { name?: string; email?: string; password?: string } = {}) {
    userCount += 1;
    const password = overrides.password ?? "correct-horse-battery";
    const body = {
      name: overrides.name ?? `Owner ${userCount}`,
      email: overrides.email ?? `owner${userCount}@example.com`,
      password,
      confirmPassword: password,
    };
    const response = await request("/api/auth/sign-up", { body });
    if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    const json = (await response.json()) as { user: { id: string; email: string; name: string } };
    return { cookie: cookieFrom(response), user: json.user, password };
  }

  /** Waits until no background job is waiting to start or running. */
  const jobsIdle = (timeoutMs?: number) => deps.jobs.idle(timeoutMs);

  return { app, deps, db: deps.db, env, request, signUp, jobsIdle };
}

/** The name=value pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
