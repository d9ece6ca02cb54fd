import Papa from "papaparse";
import type { Extracted, ExtractedSection } from "./extracted";

/** Rows per section: each piece then says which rows it holds. */
const ROWS_PER_SECTION = 20;

/**
 * A spreadsheet's rows as text a model can read: every row as
 * "column: value; column: value", grouped in runs of rows so a piece says
 * "rows 41–60". The first row is taken as the header.
 */
export function extractCsv(text: string): Extracted {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const [header = [], ...rows] = parsed.data;
  const columns = header.map((name, index) => name.trim() || `column ${index + 1}`);
  const sections: ExtractedSection[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_SECTION) {
    const slice = rows.slice(start, start + ROWS_PER_SECTION);
    const lines = slice.map((row) =>
      row
        .map((value, index) =>
          value.trim() === "" ? undefined : `${columns[index] ?? `column ${index + 1}`}: ${value.trim()}`,
        )
        .filter(Boolean)
        .join("; "),
    );
    const first = start + 1;
    const last = start + slice.length;
    sections.push({ location: first === last ? `row ${first}` : `rows ${first}–${last}`, text: lines.join("\n") });
  }
  // A file with a header row alone still says what it holds.
  if (rows.length === 0 && columns.length > 0) sections.push({ location: "header", text: columns.join("; ") });
  return { sections, rowCount: rows.length };
}
