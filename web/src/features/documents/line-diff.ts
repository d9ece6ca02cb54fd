/** A line of a comparison: in both versions, only in the earlier one, or only in the later one. */
export type DiffLine = { kind: "same" | "removed" | "added"; text: string };

/** The lines of `before` and `after` compared by their longest common run (plain LCS; documents are small). */
export function diffLines(before: string[], after: string[]): DiffLine[] {
  const width = after.length + 1;
  // common[i * width + j]: the longest common run of before[i…] and after[j…].
  const common = new Int32Array((before.length + 1) * width);
  const at = (i: number, j: number) => common[i * width + j] ?? 0;
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--) {
      common[i * width + j] = before[i] === after[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length && j < after.length) {
    if (before[i] === after[j]) {
      lines.push({ kind: "same", text: before[i] ?? "" });
      i++;
      j++;
    } else if (at(i + 1, j) >= at(i, j + 1)) {
      lines.push({ kind: "removed", text: before[i++] ?? "" });
    } else {
      lines.push({ kind: "added", text: after[j++] ?? "" });
    }
  }
  while (i < before.length) lines.push({ kind: "removed", text: before[i++] ?? "" });
  while (j < after.length) lines.push({ kind: "added", text: after[j++] ?? "" });
  return lines;
}
