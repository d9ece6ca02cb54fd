// Measures the built server's cold start (first start: creates and migrates the database), warm start (existing
// data folder) and idle memory. Run `npm run build` first; then `npm run bench:startup`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

if (!fs.existsSync("dist/server/index.js")) {
  console.error("Build first: npm run build");
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directors-bench-"));

function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function rssKb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

async function start(label) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["dist/server/index.js"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "inherit",
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const rss = rssKb(child.pid);
  child.kill("SIGTERM");
  await new Promise((resolve) => child.on("exit", resolve));
  process.stdout.write(`${label}: ready in ${Math.round(readyMs)} ms, idle RSS ${(rss / 1024).toFixed(1)} MiB\n`);
}

await start("cold start (new data folder, migrations)");
await start("warm start (existing data folder)");
fs.rmSync(dataDir, { recursive: true, force: true });
