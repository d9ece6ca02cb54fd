import { expect, it } from "vitest";
import { chunkText } from "./chunk-text";

it("starts every piece that begins inside a Markdown table with the table's header, and only those", () => {
  const rows = Array.from(
    { length: 40 },
    (_, index) => `| Item ${index + 1} | ${(index + 1) * 5} bags | Call the mill |`,
  );
  const text = [
    "Minimum stock levels",
    "| Item | Minimum stock | Notes |",
    "|---|---|---|",
    ...rows,
    "Stock is counted every Monday.",
    "Orders over £1,500 need approval.",
  ].join("\n");

  const pieces = chunkText(text, 400, 100);

  expect(pieces.length).toBeGreaterThan(3);
  const withRows = pieces.filter((piece) => /\| Item \d+ \|/.test(piece));
  for (const piece of withRows) {
    const lines = piece.split("\n");
    const at = lines.indexOf("| Item | Minimum stock | Notes |");
    expect(at, piece).toBeGreaterThanOrEqual(0);
    expect(lines[at + 1]).toBe("|---|---|---|");
    expect(lines.filter((line) => line === "|---|---|---|")).toHaveLength(1);
  }
  // Every row is in some piece, the text after the table too, and a piece holding no row has no header.
  for (const row of rows) expect(pieces.some((piece) => piece.includes(row))).toBe(true);
  const last = pieces.at(-1) ?? "";
  expect(last).toContain("Orders over £1,500 need approval.");
  if (!/\| Item \d+ \|/.test(last)) expect(last).not.toContain("| Item | Minimum stock | Notes |");
});
