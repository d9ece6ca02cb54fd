import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "vitest";

/**
 * pdfmake, its fonts' parsers and its compression code are megabytes of source that every server would keep in memory
 * if they loaded at start. Checked in a process of its own: modules loaded by other tests stay loaded in theirs.
 */
test("the app loads pdfmake only when the PDF warm-up first runs", async () => {
  const script = `
    import { createRequire } from "node:module";
    const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes("/node_modules/pdfmake/"));
    await import("./server/app.ts");
    const atStart = loaded();
    const { warmPdfExport } = await import("./server/export/warm-pdf.ts");
    await warmPdfExport();
    console.log(JSON.stringify({ atStart, afterWarmUp: loaded() }));
  `;
  const node = ["--import", "tsx", "--input-type=module", "-e", script];
  const { stdout } = await promisify(execFile)(process.execPath, node);
  expect(JSON.parse(stdout.trim().split("\n").at(-1) ?? "")).toEqual({ atStart: false, afterWarmUp: true });
});
