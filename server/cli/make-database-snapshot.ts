import { makeDatabaseSnapshot } from "../db/make-database-snapshot";

/**
 * node --import tsx server/cli/make-database-snapshot.ts <folder>
 *
 * Run by `npm run build` (scripts/build-server.mjs) to put the migrated database that new data
 * folders start from beside the server bundle.
 */
const folder = process.argv[2];
if (!folder) {
  console.error("Usage: node --import tsx server/cli/make-database-snapshot.ts <folder>");
  process.exit(2);
}
await makeDatabaseSnapshot(folder);
