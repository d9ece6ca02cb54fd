import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterEach } from "vitest";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

export type ServerProcess = ReturnType<typeof startServerProcess>;

/**
 * The real server (server/index.ts) in a process of its own, as production runs it; killed after the test. With
 * `launcher`, it is started as `npm start` starts it: through scripts/serve.sh, with the process settings it sets.
 */
export function startServerProcess(env: Record<string, string>, options: { launcher?: boolean } = {}) {
  const nodeArgs = ["--import", "tsx", "server/index.ts"];
  const command = options.launcher ? "sh" : process.execPath;
  const args = options.launcher ? ["scripts/serve.sh", ...nodeArgs] : nodeArgs;
  // This Node's folder first on PATH: the launcher runs `node` from there.
  const searchPath = [path.dirname(process.execPath), process.env.PATH ?? ""].join(path.delimiter);
  const child = spawn(command, args, {
    env: { PATH: searchPath, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  return {
    child,
    exited,
    /** Whether the process has exited (undefined while it runs). */
    exitCode: () => exitCode,
    stdout: () => stdout,
    stderr: () => stderr,
    output: () => stdout + stderr,
  };
}

/** Waits until GET url answers (any status), for a server that is starting. */
export async function waitForServer(url: string, server: ServerProcess, timeoutMs = 60_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode() !== undefined) throw new Error(`the server exited: ${server.output()}`);
    const response = await fetch(url).catch(() => undefined);
    if (response) return response;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer within ${timeoutMs} ms: ${server.output()}`);
}
