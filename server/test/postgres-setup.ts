import fs from "node:fs";
import path from "node:path";
import { POSTGRES_BIN, pgvectorInstalled } from "./postgres-server";

/**
 * The PostgreSQL server tests need the server binaries; they run with vector
 * search on where the installation has pgvector and off where it does not,
 * and say which.
 */
export default function setup() {
  if (!fs.existsSync(path.join(POSTGRES_BIN, "postgres"))) {
    throw new Error(
      `The PostgreSQL server tests need PostgreSQL 15's server at ${POSTGRES_BIN}. Install it with:\n` +
        "  sudo apt-get update && sudo apt-get install -y postgresql-15",
    );
  }
  const mode = pgvectorInstalled()
    ? "pgvector installed: vector search on"
    : "no pgvector: vector search off, full-text retrieval";
  process.stdout.write(`PostgreSQL server tests (${POSTGRES_BIN}): ${mode}\n`);
}
