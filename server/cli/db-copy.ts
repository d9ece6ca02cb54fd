// npm run db:copy -- --to <postgres url>    copies the embedded database in DATA_DIR onto a PostgreSQL server
// npm run db:copy -- --from <postgres url>  copies a PostgreSQL server's database into the embedded one in DATA_DIR
//
// Stop the server that uses the data folder first. The target must not hold any account yet; the copy is all or
// nothing, and the row counts of every table are checked before it is committed (server/db/copy-database.ts).
import path from "node:path";
import { parseArgs } from "node:util";
import type { DatabaseHandle } from "../db/client";
import { CopyRefusedError, copyDatabase } from "../db/copy-database";
import { loggableError } from "../db/database-error";
import { openDatabase, prepareDataDir } from "../db/open-database";
import { DatabaseStartError, postgresSettings } from "../db/postgres";
import { EnvError, loadEnv } from "../env";
import { createLogger, secretsOf } from "../logger";

const USAGE = "Usage: npm run db:copy -- --to <postgres url>   or   npm run db:copy -- --from <postgres url>";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let args: { to?: string; from?: string };
try {
  args = parseArgs({ options: { to: { type: "string" }, from: { type: "string" } } }).values;
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (Boolean(args.to) === Boolean(args.from)) fail(USAGE);
const serverUrl = (args.to ?? args.from) as string;

let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
} catch (error) {
  fail(error instanceof EnvError ? error.message : String(error));
}
const log = createLogger("warn", { secrets: secretsOf({ ...env, DATABASE_URL: serverUrl }) });
const dataDir = path.resolve(env.DATA_DIR);
const write = (line: string) => process.stdout.write(`${line}\n`);

const handles: DatabaseHandle[] = [];
let failure: string | undefined;
try {
  prepareDataDir(dataDir);
  const embedded = await openDatabase({ kind: "pglite", dataDir }, log);
  handles.push(embedded);
  const server = await openDatabase(
    { kind: "postgres", ...postgresSettings({ ...env, DATABASE_URL: serverUrl }), statementTimeoutMs: 0 },
    log,
  );
  handles.push(server);
  const [source, target] = args.to ? [embedded, server] : [server, embedded];
  write(args.to ? `Copying ${dataDir} to the PostgreSQL server…` : `Copying the PostgreSQL server to ${dataDir}…`);
  const result = await copyDatabase(source, target, {
    onTable: ({ table, rows }) => write(`  ${table}: ${rows} ${rows === 1 ? "row" : "rows"}`),
  });
  for (const { table, rows } of result.skipped)
    write(`  ${table}: ${rows} rows not copied (the target has no pgvector)`);
  const total = result.tables.reduce((sum, table) => sum + table.rows, 0);
  write(`Copied ${total} rows in ${result.tables.length} tables; every count matches the source.`);
  if (result.embeddings === "not_copied_no_pgvector") {
    write(
      "The target has no pgvector: directors there find context by full-text search. Once pgvector is installed, " +
        "the server embeds everything again at its next start.",
    );
  } else if (result.embeddings === "embedded_at_next_start") {
    write(
      "The source had no vectors; the server embeds the copied context at its next start (with an embedding model).",
    );
  }
} catch (error) {
  if (error instanceof CopyRefusedError || error instanceof DatabaseStartError) failure = error.message;
  else failure = `The copy failed and the target was left unchanged: ${firstLine(loggableError(error))}`;
} finally {
  for (const handle of handles) await handle.close().catch(() => {});
}
if (failure) fail(failure);

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}
