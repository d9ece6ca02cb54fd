import { cn } from "../../lib/cn";
import type { DiffLine } from "./line-diff";

/** Two versions compared line by line: added lines green, removed ones struck through, the rest grey. */
export function DiffList(props: { label: string; lines: DiffLine[] }) {
  return (
    <ul aria-label={props.label} className="mt-2 grid gap-0.5 font-mono text-xs">
      {props.lines.map((line, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: a comparison's lines are its order
          key={index}
          className={cn(
            "rounded px-1.5 py-0.5 whitespace-pre-wrap",
            line.kind === "added" && "bg-emerald-50 text-emerald-900",
            line.kind === "removed" && "bg-red-50 text-red-900 line-through",
            line.kind === "same" && "text-slate-500",
          )}
        >
          <span className="sr-only">{line.kind === "same" ? "" : `${line.kind}: `}</span>
          {line.kind === "added" ? "+ " : line.kind === "removed" ? "− " : "  "}
          {line.text}
        </li>
      ))}
    </ul>
  );
}
