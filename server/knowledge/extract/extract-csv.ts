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
          value.trim() === "" ? undefined : `${columns[index] ?? `column ${index + 1}`}: ${readable(value.trim())}`,
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
