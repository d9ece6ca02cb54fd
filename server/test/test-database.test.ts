import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "./test-app";
import { createTestDatabase } from "./test-database";

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/** The owners and background jobs a database holds. */
async function rowsIn(database: TestDatabase) {
  const { rows } = await database.client.query<{ n: number }>(
    `select ((select count(*) from "user") + (select count(*) from pgboss.job))::int as n`,
  );
  return rows[0]?.n;
}

describe("a test's database", () => {
  it("starts as the template whatever the test before it did, and a closed one stops answering", async () => {
    const firstDatabase = await createTestDatabase();
    const first = await createTestApp({ database: firstDatabase });
    const { user } = await first.signUp();
    await firstDatabase.client.query("set statement_timeout = 1234");
    const versions = await firstDatabase.client.query<{ v: string }>(
      "select nextval('drizzle.__drizzle_migrations_id_seq')::text as v",
    );
    await first.deps.database.close();
    const refused = await first.db.execute(sql`select 1`).then(
      () => undefined,
      (error: Error) => error.cause ?? error,
    );
    expect(refused).toMatchObject({ message: "PGlite is closed" });

    const second = await createTestDatabase();
    expect(await rowsIn(second)).toBe(0);
    const after = await second.client.query<{ v: string; timeout: string }>(
      "select nextval('drizzle.__drizzle_migrations_id_seq')::text as v, current_setting('statement_timeout') as timeout",
    );
    expect(after.rows[0]).toEqual({ v: versions.rows[0]?.v, timeout: "0" });
    const queues = await second.client.query<{ n: number }>("select count(*)::int as n from pgboss.queue");
    expect(queues.rows[0]?.n).toBeGreaterThan(0);
    expect(
      (await second.client.query(`select 1 from "user" where id = $1`, [user.id])).rows,
      "the earlier test's owner",
    ).toEqual([]);

    // A test that changes the schema leaves it to itself: the next one gets a database without the change.
    await second.client.exec("create table left_behind (id int)");
    await second.close();
    const third = await createTestDatabase();
    const leftBehind = await third.client.query("select to_regclass('left_behind') as found");
    expect(leftBehind.rows).toEqual([{ found: null }]);
    await third.close();
  });
});
