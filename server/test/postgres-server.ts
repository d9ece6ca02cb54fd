import { execFile, execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./free-port";

/**
 * A real PostgreSQL server for the tests whose behaviour depends on one: its
 * own cluster in a temporary folder, on a free port, started once per test
 * file and removed after. Debian's PostgreSQL 15 by default; POSTGRES_BIN
 * points at another installation's bin folder. Every fault the tests inject
 * (stop, restart, kill -9, SIGSTOP) acts on this cluster's own postmaster.
 */
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin";

export const SUPERUSER = "postgres";
export const SUPERUSER_PASSWORD = "postgres-test-password";

/** Whether the PostgreSQL installation the tests use offers pgvector. */
export function pgvectorInstalled(bin = POSTGRES_BIN): boolean {
  const shareDir = execFileSync(path.join(bin, "pg_config"), ["--sharedir"], { encoding: "utf8" }).trim();
  return fs.existsSync(path.join(shareDir, "extension", "vector.control"));
}

export type PostgresServer = Awaited<ReturnType<typeof startPostgresServer>>;

/** Commands run as the postgres user when the tests run as root (initdb refuses root). */
function asOwner(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

function run(command: string, args: string[]) {
  const [file, argv] = asOwner(path.join(POSTGRES_BIN, command), args);
  const result = spawnSync(file, argv, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${command} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

/** The same without blocking: the app under test keeps serving (and failing) while the server stops or starts. */
function runInBackground(command: string, args: string[]): Promise<void> {
  const [file, argv] = asOwner(path.join(POSTGRES_BIN, command), args);
  return new Promise((resolve, reject) => {
    execFile(file, argv, { encoding: "utf8" }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} failed: ${stderr || stdout || error.message}`));
      else resolve();
    });
  });
}

export async function startPostgresServer(options: { ssl?: boolean } = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "directors-pg-"));
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", root]);
  const dataDir = path.join(root, "data");
  const passwordFile = path.join(root, "password");
  fs.writeFileSync(passwordFile, SUPERUSER_PASSWORD);
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", passwordFile]);
  run("initdb", [
    "-D",
    dataDir,
    "-U",
    SUPERUSER,
    `--pwfile=${passwordFile}`,
    "--auth-local=trust",
    "--auth-host=scram-sha-256",
    "-E",
    "UTF8",
    "--locale=C.UTF-8",
    "--no-sync",
  ]);
  if (options.ssl) writeCertificate(root, dataDir);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${root}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=60",
    ...(options.ssl ? ["-c ssl=on", "-c ssl_cert_file=server.crt", "-c ssl_key_file=server.key"] : []),
  ].join(" ");

  const pgCtlStart = ["-D", dataDir, "-o", settings, "-l", path.join(root, "log"), "-w", "start"];
  run("pg_ctl", pgCtlStart);

  const url = (database = "postgres", user = SUPERUSER, password = SUPERUSER_PASSWORD, query = "sslmode=disable") =>
    `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}${query ? `?${query}` : ""}`;

  /** Runs SQL as the superuser on a connection of its own. */
  async function sql(text: string, database = "postgres") {
    const client = new pg.Client({ connectionString: url(database) });
    client.on("error", () => {});
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  }

  let databases = 0;
  const postmasterPid = () => Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);

  const server = {
    port,
    root,
    url,
    sql,
    /** The CA certificate the server's TLS certificate was signed with (it signs itself), for ssl: true. */
    certificateFile: path.join(root, "ca.crt"),
    pgvector: pgvectorInstalled(),
    /** A new, empty database; returns its name. */
    async createDatabase(prefix = "app"): Promise<string> {
      databases += 1;
      const name = `${prefix}_${databases}`;
      await sql(`create database ${name}`);
      return name;
    },
    /** Ends every other connection to the database, as an administrator or a failover would. */
    async terminateBackends(database: string) {
      await sql(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}' and pid <> pg_backend_pid()`,
      );
    },
    /** Stops the server (fast shutdown: open connections are closed). */
    stop: () => runInBackground("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]),
    /** Starts it again; resolves once it accepts connections. */
    start: () => runInBackground("pg_ctl", pgCtlStart),
    /** SIGSTOP to the postmaster and every backend: the server keeps its sockets open and answers nothing. */
    freeze() {
      for (const pid of [postmasterPid(), ...childrenOf(postmasterPid())]) process.kill(pid, "SIGSTOP");
    },
    thaw() {
      for (const pid of [postmasterPid(), ...childrenOf(postmasterPid())]) process.kill(pid, "SIGCONT");
    },
    /** Removes the cluster; the server must be stopped or is stopped here. */
    async destroy() {
      try {
        server.thaw();
      } catch {
        // Not running.
      }
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } catch {
        // Already stopped.
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  return server;
}

/** Process ids whose parent is `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A self-signed certificate for localhost, made with the openssl command line, for TLS tests. */
function writeCertificate(root: string, dataDir: string) {
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      path.join(dataDir, "server.key"),
      "-out",
      path.join(dataDir, "server.crt"),
    ],
    { stdio: "ignore" },
  );
  fs.copyFileSync(path.join(dataDir, "server.crt"), path.join(root, "ca.crt"));
  fs.chmodSync(path.join(dataDir, "server.key"), 0o600);
  if (process.getuid?.() === 0) {
    execFileSync("chown", ["postgres:postgres", path.join(dataDir, "server.key"), path.join(dataDir, "server.crt")]);
  }
}
