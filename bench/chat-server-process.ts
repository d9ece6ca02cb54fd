// Starts bench/chat-server.ts of a checkout in its own process, as the chat and board benchmarks do, and waits for the
// JSON line it prints once its owners are ready.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { serverLaunch } from "./server-launch";

export type ChatServerProcess = {
  pid: number;
  url: string;
  cookies: string[];
  database: string;
  stop(): Promise<void>;
};

/**
 * The bench server from the checkout in `root`, with `env` (BENCH_USERS, BENCH_AI_BASE_URL…) added to this one's;
 * every line it writes to standard output (with BENCH_LOG_LEVEL, the app's log lines) also goes to `onLine`.
 */
export async function startChatServerProcess(
  root: string,
  env: Record<string, string>,
  onLine: (line: string) => void = () => {},
): Promise<ChatServerProcess> {
  const launch = serverLaunch(root, ["--import", "tsx", "bench/chat-server.ts"]);
  const child = spawn(launch.command, launch.args, {
    cwd: root,
    env: { ...process.env, PATH: launch.path, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const ready = await new Promise<{ url: string; cookies: string[]; database: string }>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the bench server exited with ${code}`)));
    // With BENCH_LOG_LEVEL the app's log lines come first: the ready line is the one with the url and the cookies.
    createInterface({ input: child.stdout }).on("line", (line) => {
      onLine(line);
      if (!line.startsWith("{")) return;
      const entry = JSON.parse(line) as { url?: string; cookies?: string[]; database?: string };
      if (entry.url && Array.isArray(entry.cookies))
        resolve(entry as { url: string; cookies: string[]; database: string });
    });
  });
  return {
    ...ready,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
