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

  it("serves as npm start starts it, then shuts down cleanly on SIGTERM and releases the data folder", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directors-proc-"));
    const port = await freePort();
    // Started through scripts/serve.sh, with an operator's own trim threshold.
    const server = startProcess(
      { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, MALLOC_TRIM_THRESHOLD_: "262144" },
      { launcher: true },
    );
    const health = await waitForServer(`http://127.0.0.1:${port}/api/health`, server);
    expect(health.status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(true);
    // The launcher's shell is replaced by Node (no parent left running), which has its allocator settings (the
    // operator's value kept) and Node options.
    const pid = server.child.pid as number;
    expect(fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim()).toBe("node");
    const environment = fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
    expect(environment).toEqual(
      expect.arrayContaining(["MALLOC_ARENA_MAX=2", "MALLOC_MMAP_THRESHOLD_=131072", "MALLOC_TRIM_THRESHOLD_=262144"]),
    );
    expect(fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")).toContain("--max-semi-space-size=2");

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);
});
