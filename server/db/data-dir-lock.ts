import fs from "node:fs";
import path from "node:path";

/**
 * The embedded database must only be opened by one process at a time: a second
 * server on the same folder would corrupt it. A lock file holds the owner's pid.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new Error(`The data folder ${dataDir} cannot be written: ${(error as Error).message}`);
      }
      const owner = Number(fs.readFileSync(lockPath, "utf8"));
      if (owner && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `The data folder ${dataDir} is in use by another running server (pid ${owner}). ` +
            "Stop that server first, or set DATA_DIR to another folder.",
        );
      }
      // The owner is gone: the lock is stale.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
