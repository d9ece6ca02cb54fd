import type ExcelJSModule from "exceljs";
import excelUrl from "exceljs/dist/exceljs.min.js?url";
import type PapaModule from "papaparse";
import papaUrl from "papaparse/papaparse.min.js?url";
import type { ImportRow } from "#shared/numbers";

/**
 * The rows of an imported file (date, metric, value), read in the browser: a CSV with papaparse, an Excel workbook's
 * first sheet with exceljs. Both libraries load only when a file is chosen, as the plain scripts they ship: bundled,
 * their CommonJS wrapping would split the bundler's runtime out of the entry and cost the landing page its budget.
 * A first row whose cells name the columns ("Date", "Metric", "Value" in any order) is a header; otherwise the
 * columns are taken in that order.
 */
export async function readImportFile(file: File): Promise<ImportRow[]> {
  const table = /\.xlsx$/i.test(file.name) ? await readWorkbook(file) : await readCsv(file);
  return rowsOf(table);
}

type Cell = string | number;

async function readCsv(file: File): Promise<Cell[][]> {
  const Papa = await loadGlobal<typeof PapaModule>(papaUrl, "Papa");
  const parsed = Papa.parse<string[]>(await file.text(), { skipEmptyLines: "greedy" });
  return parsed.data;
}

async function readWorkbook(file: File): Promise<Cell[][]> {
  const ExcelJS = await loadGlobal<typeof ExcelJSModule>(excelUrl, "ExcelJS");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const table: Cell[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: Cell[] = [];
    for (let column = 1; column <= Math.max(3, row.cellCount); column++)
      cells.push(cellValue(row.getCell(column).value));
    table.push(cells);
  });
  return table;
}

/** A spreadsheet cell as text or a number; a date as YYYY-MM-DD (as the sheet shows it, in UTC). */
function cellValue(value: unknown): Cell {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "number") return value;
  if (value && typeof value === "object" && "result" in value) return cellValue((value as { result: unknown }).result);
  if (value && typeof value === "object" && "richText" in value) {
    return (value as { richText: Array<{ text: string }> }).richText.map((part) => part.text).join("");
  }
  return value === null || value === undefined ? "" : String(value);
}

const HEADERS = {
  date: /^(date|day|week|period)/i,
  metric: /^(metric|name|measure)/i,
  value: /^(value|amount|figure)/i,
};

function rowsOf(table: Cell[][]): ImportRow[] {
  const first = (table[0] ?? []).map((cell) => String(cell).trim());
  const find = (pattern: RegExp) => first.findIndex((cell) => pattern.test(cell));
  const header = { date: find(HEADERS.date), metric: find(HEADERS.metric), value: find(HEADERS.value) };
  const hasHeader = header.date >= 0 && header.metric >= 0 && header.value >= 0;
  const columns = hasHeader ? header : { date: 0, metric: 1, value: 2 };
  return table.slice(hasHeader ? 1 : 0).map((cells, index) => ({
    line: index + (hasHeader ? 2 : 1),
    date: cells[columns.date] ?? "",
    metric: String(cells[columns.metric] ?? ""),
    value: cells[columns.value] ?? "",
  }));
}

/** A library's browser build, loaded once by a script tag, and the global it defines. */
function loadGlobal<T>(url: string, name: string): Promise<T> {
  const existing = (window as unknown as Record<string, T | undefined>)[name];
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.onload = () => resolve((window as unknown as Record<string, T>)[name] as T);
    script.onerror = () =>
      reject(new Error("The file reader could not be loaded. Check your connection and try again."));
    document.head.append(script);
  });
}
