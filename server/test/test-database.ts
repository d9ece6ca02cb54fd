import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle } from "drizzle-orm/pglite";
import type { Database, DatabaseHandle } from "../db/client";
import { openDatabase } from "../db/open-database";
import { preparedStatements } from "../db/pglite-prepared";
import { PGLITE_START_PARAMS, PGLITE_TYPES } from "../db/pglite-settings";
import * as schema from "../db/schema";
import { VECTOR_SESSION_SETTINGS } from "../db/vector-store";
import { prepareJobStore } from "../jobs/job-runner";
import { JOB_TYPES } from "../jobs/job-types";

/**
 * A migrated in-memory database for each test. Migrating takes seconds, so
 * the test run migrates once (server/test/template-setup.ts) and every test
 * starts from that template's state (createTestDatabase); outside a test run
 * (benchmarks) the first call migrates.
 */
let template: Promise<Blob> | undefined;

async function providedTemplate(): Promise<string | undefined> {
  try {
    const { inject } = await import("vitest");
    return inject("migratedTemplate");
  } catch {
    return undefined;
  }
}

function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = await providedTemplate();
    if (file) return new Blob([fs.readFileSync(file)]);
    const handle = await openDatabase({ kind: "pglite", dataDir: undefined });
    await prepareJobStore(handle, JOB_TYPES);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    await handle.close();
    return dump;
  })();
  return template;
}

/**
 * A database in the template's state for one test. Opening a copy of the template takes most of a second, which
 * was half of the API tests' time, so a closed database is put back in the state the template had (the same
 * schema, no rows but the job store's and the migrations' own, the same sequences, a new session) and the next
 * test in the file takes it. A database whose schema a test changed, or that cannot be put back, is closed
 * instead. The handle a test closed stops working, as a closed database does, even though its database lives on.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { client: PGlite }> {
  const reused = idleDatabases.pop();
  const client = reused ?? (await openTemplateCopy());
  await client.exec(VECTOR_SESSION_SETTINGS);
  // Read from the file's first database before any test has used it.
  templateBaseline ??= readBaseline(client);
  const baseline = await templateBaseline;
  let open = true;
  const guarded = closableView(client, () => open);
  const db = drizzle({ client: guarded, schema }) as unknown as Database;
  return {
    db,
    client: guarded,
    driver: "pglite",
    // The template was migrated with pgvector, so its copies have the embedding tables.
    vectors: { available: true },
    prepared: preparedStatements(guarded),
    async ping() {
      await guarded.query("select 1");
      return true;
    },
    async close() {
      if (!open) return;
      open = false;
      if (idleDatabases.length < IDLE_DATABASES && (await resetToBaseline(client, baseline))) {
        idleDatabases.push(client);
      } else if (!client.closed) {
        await client.close();
      }
    },
  };
}

/** Databases closed by earlier tests in this file, back in the template's state. */
const idleDatabases: PGlite[] = [];
/** One is enough for a test at a time; a test holding several gets the others new. */
const IDLE_DATABASES = 1;

async function openTemplateCopy(): Promise<PGlite> {
  return PGlite.create({
    loadDataDir: await migratedTemplate(),
    extensions: { vector },
    // The server's own settings (16 MB of shared buffers), which also make each test's database quicker to open.
    startParams: PGLITE_START_PARAMS,
    ...PGLITE_TYPES,
  });
}

/** The client as a closed database behaves once `isOpen` turns false: every call fails and `closed` is true. */
function closableView(client: PGlite, isOpen: () => boolean): PGlite {
  return new Proxy(client, {
    get(target, property) {
      if (property === "closed") return target.closed || !isOpen();
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) =>
        isOpen() ? value.apply(target, args) : Promise.reject(new Error("PGlite is closed"));
    },
  });
}

/** What a database is put back to: its schema's fingerprint, and what the template holds besides its empty tables. */
type Baseline = {
  schema: string;
  emptyTables: string[];
  keptTables: Array<{ table: string; rows: string }>;
  sequences: Array<{ sequence: string; value: string; called: boolean }>;
};

let templateBaseline: Promise<Baseline> | undefined;

/** Every table, sequence, column, constraint, trigger and function of the database's own schemas, as one hash. */
const SCHEMA_FINGERPRINT = `
  with own as (
    select oid from pg_namespace
    where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_%'
  )
  select md5(string_agg(item, E'\\n' order by item)) as fingerprint from (
    select format('relation %s %s', c.oid::regclass, c.relkind) as item
      from pg_class c where c.relnamespace in (select oid from own)
    union all
    select format('column %s %s %s %s %s', a.attrelid::regclass, a.attname, a.atttypid::regtype, a.attnotnull,
        pg_get_expr(d.adbin, d.adrelid))
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where c.relnamespace in (select oid from own) and a.attnum > 0 and not a.attisdropped
    union all
    select format('constraint %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
      from pg_constraint where connamespace in (select oid from own)
    union all
    select format('index %s', pg_get_indexdef(indexrelid)) from pg_index i join pg_class c on c.oid = i.indrelid
      where c.relnamespace in (select oid from own)
    union all
    select format('trigger %s %s', tgrelid::regclass, tgname) from pg_trigger where not tgisinternal
    union all
    select format('function %s %s', p.oid::regprocedure, md5(p.prosrc))
      from pg_proc p where p.pronamespace in (select oid from own)
    union all
    select format('extension %s %s', extname, extversion) from pg_extension
    union all
    select format('setting %s', setconfig) from pg_db_role_setting
  ) items`;

async function schemaFingerprint(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  return rows[0]?.fingerprint ?? "";
}

async function readBaseline(client: PGlite): Promise<Baseline> {
  const { rows: names } = await client.query<{ name: string }>(`
    select format('%I.%I', schemaname, tablename) as name
    from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`);
  const emptyTables: string[] = [];
  const keptTables: Baseline["keptTables"] = [];
  for (const { name } of names) {
    const { rows } = await client.query<{ rows: string | null }>(`select json_agg(t)::text as rows from ${name} t`);
    const kept = rows[0]?.rows;
    if (kept) keptTables.push({ table: name, rows: kept });
    else emptyTables.push(name);
  }
  const { rows: sequences } = await client.query<{ sequence: string; value: string; called: boolean }>(`
    select format('%I.%I', schemaname, sequencename) as sequence,
      coalesce(last_value, start_value)::text as value, last_value is not null as called
    from pg_sequences`);
  return {
    schema: await schemaFingerprint(client),
    emptyTables,
    keptTables,
    sequences,
  };
}

/** Puts a used database back in the template's state; false when it cannot be (it is closed, or its schema changed). */
async function resetToBaseline(client: PGlite, baseline: Baseline): Promise<boolean> {
  if (client.closed) return false;
  try {
    // A new session: no prepared statements, settings, temporary tables or locks left from the test (and a failure
    // here when the test left a transaction open).
    await client.exec("discard all");
    if ((await schemaFingerprint(client)) !== baseline.schema) return false;
    await client.transaction(async (tx) => {
      await tx.exec(`truncate ${baseline.emptyTables.join(", ")} restart identity`);
      for (const { table, rows } of baseline.keptTables) {
        await tx.query(`delete from ${table}`);
        await tx.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [rows]);
      }
      for (const { sequence, value, called } of baseline.sequences) {
        await tx.query("select setval($1::regclass, $2::bigint, $3)", [sequence, value, called]);
      }
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * A data folder holding a copy of the migrated template, for tests of the
 * embedded database on disk (as DATA_DIR): creating a cluster on disk from
 * scratch takes several seconds. The folder is then opened like any other.
 */
export async function createTestDataDir(dataDir: string): Promise<void> {
  const client = await PGlite.create(path.join(dataDir, "pg"), {
    loadDataDir: await migratedTemplate(),
    extensions: { vector },
  });
  await client.close();
}
