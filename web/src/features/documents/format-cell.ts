import type { CellFormat } from "#shared/documents";
import type { CellValue } from "#shared/sheet-formulas";

/** A cell's value as the grid shows it, in its column's format. */
export function formatCell(value: CellValue, format: CellFormat): string {
  if (typeof value === "string") return value;
  if (format === "percent") return `${(value * 100).toFixed(1)}%`;
  if (format === "currency")
    return value.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return value.toLocaleString("en-GB", { maximumFractionDigits: 2 });
}
