import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite, types } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectAndCompact } from "../memory-settling";
import { EngineClient } from "./engine-client";
import { openDatabase } from "./open-database";
import { enginePreparedStatements } from "./pglite-prepared";
import { PGLITE_START_PARAMS, PGLITE_TYPES } from "./pglite-settings";
import { users } from "./schema";

// The embedded database on its own thread against PGlite in this thread: the same statements give the same results,
// errors and transactions, and the server's thread is free while a statement runs.
let engine: EngineClient;
let inProcess: PGlite;

const SETUP = `
  create extension if not exists vector;
  create table note (id int primary key, body text not null, at timestamptz not null, tags text[], scores real[],
    data jsonb, file bytea, price numeric, big bigint, done boolean, embedding vector(3));`;

beforeAll(async () => {
  [engine, inProcess] = await Promise.all([
    EngineClient.open({ pgData: undefined, withoutPgvector: false }),
    PGlite.create({ extensions: { vector }, startParams: PGLITE_START_PARAMS, ...PGLITE_TYPES }),
  ]);
  await Promise.all([engine.exec(SETUP), inProcess.exec(SETUP)]);
});

afterAll(async () => {
  await Promise.all([engine.close(), inProcess.close()]);
});

/** Runs the same statement on both; the results must be equal. */
async function same(text: string, params: unknown[] = [], options?: Parameters<PGlite["query"]>[2]) {
  const [fromEngine, fromPglite] = await Promise.all([
    engine.query(text, params, options),
    inProcess.query(text, params, options),
  ]);
  expect(fromEngine).toEqual(fromPglite);
  return fromEngine;
}

describe("the embedded database on its own thread", () => {
  it("gives the same rows, types and counts as PGlite in this thread", async () => {
    const insert = `insert into note (id, body, at, tags, scores, data, file, price, big, done, embedding)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`;
    const values = [
      [1, "Cash flow €", new Date("2026-11-01T10:00:00Z"), ["a", "b,c"], [0.5, 1.25], { margin: 0.3, note: "q" }],
      [2, "Hiring", new Date("2026-11-02T10:00:00Z"), [], [], [1, 2]],
    ];
    for (const [index, row] of values.entries()) {
      const result = await same(insert, [
        ...row,
        Buffer.from([0, 255, index]),
        "12.50",
        9007199254740993n,
        index === 0,
        "[1,2,3]",
      ]);
      expect(result.affectedRows).toBe(1);
    }

    const rows = await same("select * from note order by id");
    expect(rows.rows[0]).toMatchObject({ id: 1, tags: ["a", "b,c"], scores: [0.5, 1.25], data: { margin: 0.3 } });
    expect(Buffer.isBuffer((rows.rows[0] as { file: unknown }).file)).toBe(true);
    // As drizzle reads them: arrays of values, its own parsers for dates, the client's for the rest (arrays too).
    await same("select id, at, tags, scores from note where body like $1", ["%flow%"], {
      rowMode: "array",
      parsers: { [types.TIMESTAMPTZ]: (value: string) => value },
    });
    await same("select embedding <=> $1 as distance from note order by 1", ["[1,2,4]"]);
    expect((await same("update note set done = not done")).affectedRows).toBe(2);

    const results = await engine.exec("select 1 as one; select 'two' as two");
    expect(results.map((result) => result.rows)).toEqual([[{ one: 1 }], [{ two: "two" }]]);
  });

  it("throws PostgreSQL's error with its code and goes on; a transaction commits, or rolls back on a throw", async () => {
    await engine.query("insert into note (id, body, at) values (10, 'x', now())");
    const duplicate = engine.query("insert into note (id, body, at) values ($1, 'y', now())", [10]);
    await expect(duplicate).rejects.toMatchObject({ code: "23505", constraint: "note_pkey", params: [10] });
    await expect(engine.query("select $1::int / 0", [1])).rejects.toThrow("division by zero");

    await engine.transaction(async (tx) => {
      await tx.query("insert into note (id, body, at) values (11, 'kept', now())");
    });
    // Asked while the transaction is open, the count runs after it ends and never sees its rolled-back row.
    let counted: Promise<{ rows: unknown[] }> | undefined;
    await expect(
      engine.transaction(async (tx) => {
        await tx.query("insert into note (id, body, at) values (12, 'rolled back', now())");
        counted = engine.query("select count(*)::int as n from note where id in (11, 12)");
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await counted)?.rows).toEqual([{ n: 1 }]);
  });

  it("keeps prepared statements by text and answers them as the others", async () => {
    const prepared = enginePreparedStatements(engine);
    const before = prepared.size;
    for (const id of [1, 2, 1]) {
      const statement = sql`select id, body, at from note where id = ${id}`;
      expect((await prepared.execute(statement)).rows).toEqual(
        (await inProcess.query("select id, body, at from note where id = $1", [id], { parsers: ROW_DATES })).rows,
      );
    }
    expect(prepared.size).toBe(before + 1);
    await expect(prepared.execute(sql`select * from no_such_table where id = ${1}`)).rejects.toThrow(
      'relation "no_such_table" does not exist',
    );
  });

  it("leaves this thread free while a statement runs", async () => {
    const order: string[] = [];
    const long = engine.query("select count(*) from generate_series(1, 3000000)").then(() => order.push("statement"));
    await new Promise((resolve) => setTimeout(resolve, 1));
    order.push("timer");
    await long;
    expect(order).toEqual(["timer", "statement"]);
  });

  it("keeps no answer once it is read: memory stays flat over thousands of statements", async () => {
    const compact = collectAndCompact();
    const rssAfter = async (statements: number) => {
      for (let index = 0; index < statements; index++) {
        await engine.query("select repeat('x', 20000) as body, $1::int as n", [index]);
      }
      await compact();
      return process.memoryUsage().rss;
    };
    const before = await rssAfter(200);
    // Kept answers would be 3,000 × 20 KB, about 60 MB, on the engine thread's heap.
    expect((await rssAfter(3000)) - before).toBeLessThan(25 * 1024 * 1024);
  });

  it("fails every call once closed", async () => {
    const closing = await EngineClient.open({ pgData: undefined, withoutPgvector: true });
    expect((await closing.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
    await closing.close();
    expect(closing.closed).toBe(true);
    await expect(closing.query("select 1")).rejects.toThrow("PGlite is closed");
  });
});

const ROW_DATES = { [types.TIMESTAMPTZ]: (value: string) => value };

describe("the server's database on the engine's thread (EMBEDDED_DATABASE_THREAD)", () => {
  it("migrates a data folder, stores through drizzle and transactions, and keeps it all across a restart", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directors-engine-"));
    try {
      const first = await openDatabase({ kind: "pglite", dataDir, thread: true });
      expect(first.vectors.available).toBe(true);
      await first.db.insert(users).values({ id: "u1", name: "Pat Owner", email: "pat@example.com" });
      await expect(
        first.db.transaction(async (tx) => {
          await tx.insert(users).values({ id: "u2", name: "Sam", email: "sam@example.com" });
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      await expect(
        first.db.insert(users).values({ id: "u3", name: "Pat again", email: "pat@example.com" }),
      ).rejects.toMatchObject({ cause: { code: "23505" } });
      await first.close();

      const reopened = await openDatabase({ kind: "pglite", dataDir, thread: true });
      const rows = await reopened.db.select({ id: users.id, createdAt: users.createdAt }).from(users);
      expect(rows.map((row) => row.id)).toEqual(["u1"]);
      expect(rows[0]?.createdAt).toBeInstanceOf(Date);
      expect(await reopened.ping()).toBe(true);
      await reopened.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
