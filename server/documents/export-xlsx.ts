import ExcelJS from "exceljs";
import type { Assumption, CellFormat, Sheet } from "../../shared/documents";
import { parseNumber } from "../../shared/sheet-formulas";

/**
 * A spreadsheet as an Excel file (.xlsx, made with exceljs): the header row bold and frozen, numbers stored as
 * numbers, formulas kept as formulas (Excel and LibreOffice compute them on opening), each column's number format
 * set, and the assumptions on a sheet of their own.
 */

export async function toXlsx(title: string, sheet: Sheet, assumptions: Assumption[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Directors";
  const worksheet = workbook.addWorksheet(sheetName(title), { views: [{ state: "frozen", ySplit: 1 }] });
  worksheet.addRow(sheet.columns.map((column) => column.header)).font = { bold: true };
  for (const row of sheet.rows) worksheet.addRow(row.map(cellValue));
  sheet.columns.forEach((column, index) => {
    const excelColumn = worksheet.getColumn(index + 1);
    excelColumn.width = Math.min(40, Math.max(10, column.header.length + 2));
    const format = numberFormat(
      column.format,
      sheet.rows.map((row) => row[index] ?? ""),
    );
    if (format) excelColumn.numFmt = format;
  });
  if (assumptions.length > 0) {
    const notes = workbook.addWorksheet("Assumptions");
    notes.addRow(["Assumption", "Value used", "Why"]).font = { bold: true };
    for (const item of assumptions) notes.addRow([item.text, item.value, item.why]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A formula as a formula, a number as a number, anything else as text. */
function cellValue(raw: string): ExcelJS.CellValue {
  const text = raw.trim();
  if (text.startsWith("=") && text.length > 1) return { formula: text.slice(1) } as ExcelJS.CellFormulaValue;
  return parseNumber(text) ?? raw;
}

/** The column's format; a currency column takes the symbol its cells use (£ when they use none). */
function numberFormat(format: CellFormat, cells: string[]): string | undefined {
  if (format === "percent") return "0.0%";
  if (format === "number") {
    const fractions = cells.some((cell) => !Number.isInteger(parseNumber(cell.trim()) ?? 0));
    return fractions ? "#,##0.00" : "#,##0";
  }
  if (format === "currency") {
    const symbol = cells.join(" ").match(/[£$\u20ac]/)?.[0] ?? "£";
    return `"${symbol}"#,##0.00;-"${symbol}"#,##0.00`;
  }
  return undefined;
}

/** Excel's sheet names: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(title: string): string {
  return (
    title
      .replace(/[:\\/?*[\]]/g, " ")
      .trim()
      .slice(0, 31) || "Sheet1"
  );
}
