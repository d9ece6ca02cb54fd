import { docToOutline, type OutlineBlock } from "#shared/document-outline";
import type { DocumentBody, Sheet } from "#shared/documents";
import { evaluateSheet } from "#shared/sheet-formulas";
import { formatCell } from "./format-cell";

/**
 * A document shown read-only, without the editor's code: a drafting as it streams in, a shared link, an earlier
 * version. The same headings, lists and tables the editor shows.
 */
export function DocumentPreview({ body }: { body: DocumentBody }) {
  if (body.kind === "sheet") return <SheetTable sheet={body.sheet} />;
  return (
    <div className="document-prose">
      {docToOutline(body.doc).map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no ids; their order is their identity here
        <PreviewBlock key={index} block={block} />
      ))}
    </div>
  );
}

function PreviewBlock({ block }: { block: OutlineBlock }) {
  switch (block.type) {
    case "heading":
      return block.level === 1 ? (
        <h1>{block.text}</h1>
      ) : block.level === 2 ? (
        <h2>{block.text}</h2>
      ) : (
        <h3>{block.text}</h3>
      );
    case "paragraph":
      return <p>{block.text}</p>;
    case "bullets":
    case "numbered": {
      const List = block.type === "bullets" ? "ul" : "ol";
      return (
        <List>
          {block.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items have no ids
            <li key={index}>{item}</li>
          ))}
        </List>
      );
    }
    case "table":
      return (
        <table>
          <tbody>
            {block.rows.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no ids
              <tr key={rowIndex}>
                {row.map((cell, cellIndex) =>
                  rowIndex === 0 ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells have no ids
                    <th key={cellIndex}>{cell}</th>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells have no ids
                    <td key={cellIndex}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      );
  }
}

function SheetTable({ sheet }: { sheet: Sheet }) {
  const values = evaluateSheet(sheet);
  return (
    <div className="overflow-x-auto">
      <table className="sheet-table">
        <thead>
          <tr>
            {sheet.columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns have no ids
              <th key={index}>{column.header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {values.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no ids
            <tr key={rowIndex}>
              {row.map((value, columnIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells have no ids
                <td key={columnIndex}>{formatCell(value, sheet.columns[columnIndex]?.format ?? "text")}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
