import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "./test/free-port";
import { startServerProcess as startProcess, waitForServer } from "./test/server-process";

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
    const health = await waitForServer(`http://127.0.0.1:${port}/api/health`, server);
    expect(health.status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(true);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);
});
