import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function startProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe("the server process", () => {
  it("refuses to start on invalid configuration, naming the variable", async () => {
    const { exited, output } = startProcess({ PORT: "not-a-port" });
    expect(await exited).toBe(1);
    expect(output()).toContain("PORT");
  });

  it("serves, then shuts down cleanly on SIGTERM and releases the data folder", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directors-proc-"));
    const port = await freePort();
    const server = startProcess({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir });
    let health: Response | undefined;
    // A fresh data folder is migrated first, which takes a while on a busy machine.
    for (let attempt = 0; attempt < 300 && !health; attempt++) {
      health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (!health) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(health?.status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(true);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);
});
