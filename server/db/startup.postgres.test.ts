import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { type PostgresServer, startPostgresServer } from "../test/postgres-server";
import { startServerProcess } from "../test/server-process";
import type { DatabaseHandle } from "./client";
import { MIGRATIONS_FOLDER, openDatabase } from "./open-database";
import { DatabaseStartError } from "./postgres";

/**
 * Starting on a real PostgreSQL server (TLS on): any number of processes at
 * once, on a fresh or an existing database; the providers' TLS settings; and
 * one plain sentence naming the cause and the fix when the server cannot be
 * used.
 */

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgresServer({ ssl: true });
});
afterAll(async () => {
  await server?.destroy();
});

const SETTINGS = { poolMax: 4, connectTimeoutMs: 3000, statementTimeoutMs: 10_000 } as const;
const MIGRATIONS = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")).entries
  .length as number;

function open(url: string, log = createLogger("silent")) {
  return openDatabase({ kind: "postgres", url, ...SETTINGS }, log);
}

async function startError(url: string): Promise<string> {
  const error = await open(url).then(
    (handle) => handle.close().then(() => undefined),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatabaseStartError);
  return (error as Error).message;
}

async function closeAll(handles: DatabaseHandle[]) {
  await Promise.all(handles.map((handle) => handle.close()));
}

describe("starting against a PostgreSQL server", () => {
  it("lets any number of processes start at once on a fresh database, and again on the migrated one", async () => {
    for (let round = 0; round < 3; round++) {
      const database = await server.createDatabase("fresh");
      const handles = await Promise.all(Array.from({ length: 4 }, () => open(server.url(database))));
      expect(new Set(handles.map((handle) => handle.vectors.available))).toEqual(new Set([server.pgvector]));
      await closeAll(handles);
      expect(await server.sql("select count(*)::int as n from drizzle.__drizzle_migrations", database)).toEqual([
        { n: MIGRATIONS },
      ]);
      const again = await Promise.all(Array.from({ length: 4 }, () => open(server.url(database))));
      await closeAll(again);
      expect(await server.sql("select count(*)::int as n from drizzle.__drizzle_migrations", database)).toEqual([
        { n: MIGRATIONS },
      ]);
      const embeddingTables = await server.sql(
        "select to_regclass('context_piece_embeddings') is not null as present",
        database,
      );
      expect(embeddingTables).toEqual([{ present: server.pgvector }]);
    }
  });

  it("says at start when the server has no pgvector, and runs without it", async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const log = createLogger("info", { destination: { write: (line: string) => lines.push(JSON.parse(line)) } });
    const database = await server.createDatabase("notice");
    const handle = await open(server.url(database), log);
    await handle.close();
    const notice = lines.find((line) => line.msg.includes("no pgvector extension"));
    if (server.pgvector) {
      expect(notice).toBeUndefined();
    } else {
      expect(notice?.level).toBe(40);
      expect(notice?.msg).toContain("vector search is off");
      expect(notice?.msg).toContain("Install pgvector on the server and restart");
    }
  });

  it("connects over TLS as libpq does: require and prefer encrypt without checking, verify-full checks the CA", async () => {
    const database = await server.createDatabase("tls");
    const encrypted = async (query: string) => {
      const handle = await open(server.url(database, undefined, undefined, query));
      try {
        const result = (await handle.db.execute(
          sql`select ssl from pg_stat_ssl where pid = pg_backend_pid()`,
        )) as unknown as { rows: Array<{ ssl: boolean }> };
        return result.rows[0]?.ssl;
      } finally {
        await handle.close();
      }
    };
    expect(await encrypted("sslmode=require")).toBe(true);
    // No sslmode is libpq's "prefer": encrypted when the server offers TLS.
    expect(await encrypted("")).toBe(true);
    expect(await encrypted("sslmode=disable")).toBe(false);
    expect(await encrypted(`sslmode=verify-full&sslrootcert=${server.certificateFile}`)).toBe(true);

    expect(await startError(server.url(database, undefined, undefined, "sslmode=verify-full"))).toMatch(
      /^The database's TLS certificate could not be verified \(.*self-signed.*\)\. Add sslrootcert=/,
    );
    expect(
      await startError(server.url(database, undefined, undefined, "sslmode=verify-full&sslrootcert=/nowhere/ca.pem")),
    ).toBe(
      "The certificate file /nowhere/ca.pem named in DATABASE_URL cannot be read (ENOENT). Check the sslrootcert path.",
    );
  });

  it("names the cause and the fix in one sentence when the server cannot be used", async () => {
    const database = await server.createDatabase("refused");
    const where = `PostgreSQL at 127.0.0.1:${server.port}`;
    expect(await startError(server.url(database, "postgres", "wrong-password"))).toBe(
      `${where} refused the password for role "postgres". Check the user name and password in DATABASE_URL.`,
    );
    expect(await startError(server.url("missing_database"))).toBe(
      `The database "missing_database" does not exist on ${where}. Create it (CREATE DATABASE missing_database;) or fix the database name in DATABASE_URL.`,
    );
    expect(await startError(server.url(database).replace(`:${server.port}/`, ":1/"))).toBe(
      "PostgreSQL at 127.0.0.1:1 refused the connection. Check that the server is running and that DATABASE_URL names the right host and port.",
    );

    // A role that may connect but not create the migrations' schema, then not create tables in public (PostgreSQL 15+).
    await server.sql("create role plain login password 'plain-password'");
    const url = server.url(database, "plain", "plain-password");
    expect(await startError(url)).toBe(
      `The role "plain" may not create schemas in database "${database}". A superuser must run GRANT CREATE ON DATABASE "${database}" TO "plain";`,
    );
    await server.sql(`grant create on database ${database} to plain`);
    expect(await startError(url)).toBe(
      `The role "plain" may not create tables in schema public of database "${database}". A superuser must run GRANT CREATE ON SCHEMA public TO "plain";`,
    );
    await server.sql("grant create on schema public to plain", database);
    if (server.pgvector) {
      // pgvector is offered but only a superuser may create it.
      expect(await startError(url)).toBe(
        `The role "plain" may not create the pgvector extension. A superuser must run CREATE EXTENSION vector; in database "${database}", then start Directors again.`,
      );
      await server.sql("create extension vector", database);
    }
    const handle = await open(url);
    expect(handle.vectors.available).toBe(server.pgvector);
    await handle.close();
  });

  it("prints one plain line with the cause and exits when the server process cannot start", async () => {
    const process = startServerProcess({
      PORT: "0",
      DATABASE_URL: server.url("postgres", "postgres", "wrong-password"),
      LOG_LEVEL: "silent",
    });
    expect(await process.exited).toBe(1);
    expect(process.stderr()).toBe(
      `Directors could not start: PostgreSQL at 127.0.0.1:${server.port} refused the password for role "postgres". Check the user name and password in DATABASE_URL.\n`,
    );
  });
});
