import type { Sheet } from "./documents";

/**
 * Enough of a spreadsheet's arithmetic to show a sheet's values in the grid, the CSV and the Markdown: numbers,
 * cell references in A1 notation (row 1 is the header), + − × ÷, brackets and SUM, AVERAGE, MIN, MAX over ranges.
 * The .xlsx keeps the formulas themselves, so Excel and LibreOffice compute them their own way.
 */

export type CellValue = number | string;

/** Every cell's shown value: numbers as numbers, text as text, a formula's result, or "#ERROR". */
export function evaluateSheet(sheet: Sheet): CellValue[][] {
  const cache = new Map<string, CellValue>();
  const visiting = new Set<string>();
  const valueAt = (row: number, column: number): CellValue => {
    const key = `${row}:${column}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    if (visiting.has(key)) return ERROR;
    visiting.add(key);
    const value = cellValue(sheet.rows[row]?.[column] ?? "", (r, c) => valueAt(r, c));
    visiting.delete(key);
    cache.set(key, value);
    return value;
  };
  return sheet.rows.map((row, rowIndex) => row.map((_, columnIndex) => valueAt(rowIndex, columnIndex)));
}

export const ERROR = "#ERROR";

/** A cell's own value: a number if it reads as one, a formula's result, or its text. */
function cellValue(raw: string, valueAt: (row: number, column: number) => CellValue): CellValue {
  const text = raw.trim();
  if (text.startsWith("=")) {
    try {
      const result = new FormulaParser(text.slice(1), valueAt).parse();
      return Number.isFinite(result) ? result : ERROR;
    } catch {
      return ERROR;
    }
  }
  return parseNumber(text) ?? raw;
}

/** "1,200.50", "£38", "12%" → a number; anything else → undefined. */
export function parseNumber(text: string): number | undefined {
  const cleaned = text.replace(/[,£$\u20ac\s]/g, "");
  if (!/^-?\d+(\.\d+)?%?$/.test(cleaned)) return undefined;
  return cleaned.endsWith("%") ? Number(cleaned.slice(0, -1)) / 100 : Number(cleaned);
}

/** "B12" → row index 10 of the data rows (row 1 is the header), column index 1; undefined if not a reference. */
export function parseReference(reference: string): { row: number; column: number } | undefined {
  const match = /^\$?([A-Z]{1,3})\$?(\d{1,5})$/.exec(reference.toUpperCase());
  if (!match) return undefined;
  let column = 0;
  for (const letter of match[1] ?? "") column = column * 26 + (letter.charCodeAt(0) - 64);
  return { row: Number(match[2]) - 2, column: column - 1 };
}

/** Column index 0 → "A", 27 → "AB". */
export function columnLetter(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

const FUNCTIONS: Record<string, (values: number[]) => number> = {
  SUM: (values) => values.reduce((sum, value) => sum + value, 0),
  AVERAGE: (values) => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length),
  MIN: (values) => (values.length === 0 ? 0 : Math.min(...values)),
  MAX: (values) => (values.length === 0 ? 0 : Math.max(...values)),
};

type Operators = ReadonlyMap<string, (left: number, right: number) => number>;

const ADDITIVE: Operators = new Map([
  ["+", (left, right) => left + right],
  ["-", (left, right) => left - right],
]);
const MULTIPLICATIVE: Operators = new Map([
  ["*", (left, right) => left * right],
  ["/", (left, right) => left / right],
]);

/** A recursive-descent reader of one formula: expression → term (+|−) …, term → factor (*|/) …. */
class FormulaParser {
  private position = 0;
  constructor(
    private readonly source: string,
    private readonly valueAt: (row: number, column: number) => CellValue,
  ) {}

  parse(): number {
    const value = this.expression();
    this.skipSpaces();
    if (this.position < this.source.length) throw new Error("unexpected text");
    return value;
  }

  private expression(): number {
    return this.operations(() => this.term(), ADDITIVE);
  }

  private term(): number {
    return this.operations(() => this.factor(), MULTIPLICATIVE);
  }

  /** Operands joined by operators of one precedence, applied left to right. */
  private operations(operand: () => number, operators: Operators): number {
    let value = operand();
    for (;;) {
      this.skipSpaces();
      const apply = operators.get(this.source[this.position] ?? "");
      if (!apply) return value;
      this.position += 1;
      value = apply(value, operand());
    }
  }

  private factor(): number {
    this.skipSpaces();
    const char = this.source[this.position];
    if (char === "-") {
      this.position += 1;
      return -this.factor();
    }
    if (char === "(") {
      this.position += 1;
      const value = this.expression();
      this.expect(")");
      return value;
    }
    const number = /^\d+(\.\d+)?%?/.exec(this.source.slice(this.position));
    if (number) {
      this.position += number[0].length;
      return parseNumber(number[0]) ?? 0;
    }
    const name = /^\$?[A-Za-z]+\$?\d*/.exec(this.source.slice(this.position))?.[0];
    if (!name) throw new Error("unexpected text");
    this.position += name.length;
    const fn = FUNCTIONS[name.toUpperCase()];
    if (fn) {
      this.expect("(");
      const values = this.arguments();
      this.expect(")");
      return fn(values);
    }
    return this.numberAt(name);
  }

  /** A function's arguments: ranges (B2:B14), references and expressions, separated by commas. */
  private arguments(): number[] {
    const values: number[] = [];
    this.skipSpaces();
    if (this.source[this.position] === ")") return values;
    for (;;) {
      const range = /^\s*(\$?[A-Za-z]+\$?\d+):(\$?[A-Za-z]+\$?\d+)/.exec(this.source.slice(this.position));
      if (range) {
        this.position += range[0].length;
        values.push(...this.rangeValues(range[1] ?? "", range[2] ?? ""));
      } else {
        values.push(this.expression());
      }
      this.skipSpaces();
      if (this.source[this.position] !== ",") return values;
      this.position += 1;
    }
  }

  private rangeValues(from: string, to: string): number[] {
    const start = parseReference(from);
    const end = parseReference(to);
    if (!start || !end) throw new Error("bad range");
    const values: number[] = [];
    for (let row = Math.min(start.row, end.row); row <= Math.max(start.row, end.row); row++) {
      for (let column = Math.min(start.column, end.column); column <= Math.max(start.column, end.column); column++) {
        const value = this.valueAt(row, column);
        if (typeof value === "number") values.push(value);
        else if (value === ERROR) throw new Error("error in range");
      }
    }
    return values;
  }

  private numberAt(reference: string): number {
    const cell = parseReference(reference);
    if (!cell) throw new Error("unknown name");
    if (cell.row < 0) return 0;
    const value = this.valueAt(cell.row, cell.column);
    if (value === ERROR) throw new Error("error in reference");
    return typeof value === "number" ? value : 0;
  }

  private expect(char: string) {
    this.skipSpaces();
    if (this.source[this.position] !== char) throw new Error(`expected ${char}`);
    this.position += 1;
  }

  private skipSpaces() {
    while (this.source[this.position] === " ") this.position += 1;
  }
}
