import Papa from "papaparse";
import { KNOWLEDGE_MAX_TEXT_CHARS } from "../../../shared/knowledge";
import type { Extracted, ExtractedSection } from "./extracted";
import { READ_LIMITS } from "./read-limits";

/** Rows per section: each piece then says which rows it holds. */
const ROWS_PER_SECTION = 20;

/**
 * A spreadsheet's rows as text a model can read: every row as
 * "column: value; column: value", grouped in runs of rows so a piece says
 * "rows 41–60". The first row is taken as the header. Rows are read one at a
 * time: once the text kept is full, the rest are only counted.
 */
export function extractCsv(text: string): Extracted {
  let columns: string[] | undefined;
  const sections: ExtractedSection[] = [];
  let lines: string[] = [];
  let rowCount = 0;
  let rowsKept = 0;
  let chars = 0;
  let full = false;
  const closeSection = () => {
    if (lines.length === 0) return;
    const first = rowCount - lines.length + 1;
    const location = first === rowCount ? `row ${first}` : `rows ${first}–${rowCount}`;
    sections.push({ location, text: lines.join("\n") });
    lines = [];
  };
  Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), {
    skipEmptyLines: "greedy",
    step: ({ data: row }) => {
      if (!columns) {
        columns = row.map((name, index) => name.trim() || `column ${index + 1}`);
        return;
      }
      rowCount += 1;
      if (full) return;
      const line = rowText(row, columns);
      lines.push(line);
      rowsKept += 1;
      chars += line.length + 1;
      full = chars >= KNOWLEDGE_MAX_TEXT_CHARS || sections.length + 1 >= READ_LIMITS.sections;
      if (lines.length === ROWS_PER_SECTION || full) closeSection();
    },
  });
  closeSection();
  // A file with a header row alone still says what it holds.
  if (rowCount === 0 && columns && columns.length > 0) sections.push({ location: "header", text: columns.join("; ") });
  return { sections, rowCount, truncated: rowCount > rowsKept };
}

function rowText(row: string[], columns: string[]): string {
  return row
    .map((value, index) =>
      value.trim() === "" ? undefined : `${columns[index] ?? `column ${index + 1}`}: ${readable(value.trim())}`,
    )
    .filter(Boolean)
    .join("; ");
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * A value as the owner would say it: a spreadsheet's ISO dates and months
 * ("2026-03-21", "2025-07") keep their form and gain the spoken one ("21
 * March 2026", "July 2025"), so "who opens on 21 March?" finds the row.
 */
function readable(value: string): string {
  const date = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(value);
  const month = date ? MONTHS[Number(date[2]) - 1] : undefined;
  if (!date || !month) return value;
  const day = date[3] ? Number(date[3]) : undefined;
  if (day !== undefined && (day < 1 || day > 31)) return value;
  return `${value} (${day ? `${day} ` : ""}${month} ${date[1]})`;
}
