import type { DirectorId } from "../../shared/directors";
import type { Assumption } from "../../shared/documents";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import { addOwnerFact } from "../memory/owner-facts";
import type { DocumentRow } from "./document-store";
import { readVersion } from "./document-store";

/**
 * "Tell the director the real value": an assumed figure's real value becomes a remembered fact, kept at once for
 * the document's director (or every director, for a board document), so the next draft and every answer use it.
 */
export async function rememberRealValue(deps: AppDeps, row: DocumentRow, index: number, value: string) {
  if (row.currentVersion === 0) throw new AppError("not_found:document");
  const content = await readVersion(deps.db, row.userId, row.id, row.currentVersion);
  const assumption = content.assumptions[index];
  if (!assumption) throw new AppError("not_found:document");
  return addOwnerFact(deps, row.userId, {
    statement: factStatement(assumption, value),
    ...(row.directorId === "board" ? {} : { directorId: row.directorId as DirectorId }),
  });
}

/** "Average order: £42 (not £38 as assumed)". */
function factStatement(assumption: Assumption, value: string): string {
  const what =
    assumption.text
      .replace(assumption.value, "")
      .replace(/[\s:\u2014\u2013-]+$/, "")
      .trim() || assumption.text;
  return `${what}: ${value}`.slice(0, 500);
}
