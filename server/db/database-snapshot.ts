import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readMigrationFiles } from "drizzle-orm/migrator";

/**
 * A new embedded database starts as a copy of a migrated one made by `npm run build`
 * (server/cli/make-database-snapshot.ts) instead of running initdb and every migration on the
 * owner's machine: a plain copy of files takes a fraction of a second, initdb and the migrations
 * several seconds (docs/decisions/0020-embedded-start-up-and-memory.md). Migrations added after the
 * snapshot still apply on top when the database opens. Without a snapshot (tests, `tsx`, a build
 * from another branch) the database is created and migrated as before.
 */

/** Beside the bundle in dist/server/; absent in the source tree, where databases are migrated from scratch. */
export const SNAPSHOT_FOLDER = fileURLToPath(new URL("./database-snapshot", import.meta.url));

/** The snapshot's data folder (PGlite's, as `pg` in DATA_DIR) and what it holds. */
const SNAPSHOT_DATA = "pg";
const MANIFEST = "manifest.json";

export type SnapshotManifest = {
  /** The migrations applied in the snapshot, oldest first, by content hash. */
  migrations: string[];
};

export function writeSnapshotManifest(folder: string, migrationsFolder: string): void {
  const manifest: SnapshotManifest = { migrations: readMigrationFiles({ migrationsFolder }).map((m) => m.hash) };
  fs.writeFileSync(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * A snapshot can seed a new database when the migrations it holds are the first ones of this code's
 * migrations, unchanged: the rest apply on top. One from other code (a changed or unknown migration) cannot.
 */
export function snapshotFits(manifest: SnapshotManifest, migrationHashes: readonly string[]): boolean {
  return (
    manifest.migrations.length <= migrationHashes.length &&
    manifest.migrations.every((hash, index) => migrationHashes[index] === hash)
  );
}

function readManifest(folder: string): SnapshotManifest | undefined {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, MANIFEST), "utf8")) as SnapshotManifest;
    return Array.isArray(manifest.migrations) ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Gives a data folder that has no database yet (`pgData` does not exist) a copy of the snapshot's,
 * when there is a snapshot that fits. The copy is made beside it and renamed into place, so a start
 * cut off half-way leaves no half database behind. Returns whether the folder was seeded.
 */
export function seedFromSnapshot(pgData: string, snapshotFolder: string, migrationsFolder: string): boolean {
  if (fs.existsSync(pgData)) return false;
  const manifest = readManifest(snapshotFolder);
  const source = path.join(snapshotFolder, SNAPSHOT_DATA);
  if (!manifest || !fs.existsSync(path.join(source, "PG_VERSION"))) return false;
  const hashes = readMigrationFiles({ migrationsFolder }).map((m) => m.hash);
  if (!snapshotFits(manifest, hashes)) return false;
  const partial = `${pgData}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(source, partial, { recursive: true });
  fs.renameSync(partial, pgData);
  return true;
}
