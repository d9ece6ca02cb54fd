import { useState } from "react";
import type { Sheet } from "#shared/documents";
import { columnLetter, evaluateSheet } from "#shared/sheet-formulas";
import { cn } from "../../lib/cn";
import { formatCell } from "./format-cell";

/**
 * A spreadsheet's cells, editable: a cell shows its value, and its formula or number while it has focus. Choosing
 * cells (a click, then Shift+click) makes the range a change can be asked for ("B5:D5").
 */
export function SheetGrid(props: {
  sheet: Sheet;
  onChange: (sheet: Sheet) => void;
  onSelect: (range: string) => void;
}) {
  const { sheet } = props;
  const values = evaluateSheet(sheet);
  const [editing, setEditing] = useState<string | undefined>();
  const [anchor, setAnchor] = useState<{ row: number; column: number } | undefined>();
  const [range, setRange] = useState<{ from: { row: number; column: number }; to: { row: number; column: number } }>();

  const setCell = (row: number, column: number, text: string) => {
    const rows = sheet.rows.map((cells, index) =>
      index === row ? cells.map((cell, c) => (c === column ? text : cell)) : cells,
    );
    props.onChange({ ...sheet, rows });
  };
  const choose = (row: number, column: number, extend: boolean) => {
    const from = extend && anchor ? anchor : { row, column };
    if (!extend) setAnchor({ row, column });
    const to = { row, column };
    setRange({ from, to });
    const name = (cell: { row: number; column: number }) => `${columnLetter(cell.column)}${cell.row + 2}`;
    props.onSelect(from.row === to.row && from.column === to.column ? name(from) : `${name(from)}:${name(to)}`);
  };
  const inRange = (row: number, column: number) =>
    range !== undefined &&
    row >= Math.min(range.from.row, range.to.row) &&
    row <= Math.max(range.from.row, range.to.row) &&
    column >= Math.min(range.from.column, range.to.column) &&
    column <= Math.max(range.from.column, range.to.column);

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="sheet-table">
        <thead>
          <tr>
            <th scope="col" className="w-8">
              <span className="sr-only">Row</span>
            </th>
            {sheet.columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns have no ids; their position is their letter
              <th key={index} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sheet.rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no ids; their position is their address
            <tr key={rowIndex}>
              <th scope="row" className="w-8 text-xs text-slate-500">
                {rowIndex + 2}
              </th>
              {row.map((cell, columnIndex) => {
                const key = `${rowIndex}:${columnIndex}`;
                const address = `${columnLetter(columnIndex)}${rowIndex + 2}`;
                const value = values[rowIndex]?.[columnIndex] ?? "";
                return (
                  <td key={key} className={cn(inRange(rowIndex, columnIndex) && "bg-brand-50")}>
                    <input
                      aria-label={`${sheet.columns[columnIndex]?.header ?? address}, ${row[0] ?? ""} (${address})`}
                      value={editing === key ? cell : formatCell(value, sheet.columns[columnIndex]?.format ?? "text")}
                      onFocus={() => setEditing(key)}
                      onBlur={() => setEditing(undefined)}
                      onMouseDown={(event) => choose(rowIndex, columnIndex, event.shiftKey)}
                      onChange={(event) => setCell(rowIndex, columnIndex, event.target.value)}
                      className={cn(
                        "w-full bg-transparent px-2 py-1.5 text-sm text-slate-900 focus:outline-2 focus:outline-brand-600",
                        columnIndex > 0 ? "min-w-24 text-right tabular-nums" : "min-w-40",
                      )}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
