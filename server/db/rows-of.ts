/** The rows of a raw `db.execute`: both drivers (PGlite and node-postgres) answer with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
