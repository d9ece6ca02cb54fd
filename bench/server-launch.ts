// How the benchmarks start the server process: as `npm start` does, through the checkout's scripts/serve.sh (the
// process settings it runs with, docs/decisions/0020), so the figures measure what owners run. A compared ref from
// before that script is started with plain Node, as it was then.
import fs from "node:fs";
import path from "node:path";

/** The command and arguments that run Node with `nodeArgs` (entry point last) the way `root`'s `npm start` does. */
export function serverLaunch(root: string, nodeArgs: string[]): { command: string; args: string[]; path: string } {
  const launcher = path.join(root, "scripts/serve.sh");
  // The script runs `node` from PATH: this Node's own folder first, so both ways run the same Node.
  const searchPath = [path.dirname(process.execPath), process.env.PATH ?? ""].join(path.delimiter);
  return fs.existsSync(launcher)
    ? { command: "sh", args: [launcher, ...nodeArgs], path: searchPath }
    : { command: process.execPath, args: nodeArgs, path: searchPath };
}
