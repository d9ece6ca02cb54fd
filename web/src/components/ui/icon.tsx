/**
 * One drawing of the app's icon set, as path data on a 24×24 grid (circles and rounded boxes written as arcs):
 * outlines 2 units wide in the current text colour unless it says otherwise. `round` gives the line ends (and, with
 * "all", the corners) round caps. The drawings are in app-icons.ts and page-icons.ts.
 */
export type IconDrawing = { d: string; viewBox?: string; filled?: true; strokeWidth?: number; round?: "ends" | "all" };

/**
 * An icon of the app's one set, sized and coloured by its class (`h-4 w-4 text-slate-500`). Decorative: the text or
 * the label beside it says what it means.
 */
export function Icon({ drawing, className }: { drawing: IconDrawing; className?: string }) {
  const { d, viewBox = "0 0 24 24", filled, strokeWidth = 2, round } = drawing;
  return (
    <svg
      aria-hidden="true"
      viewBox={viewBox}
      className={className}
      fill={filled ? "currentColor" : "none"}
      stroke={filled ? undefined : "currentColor"}
      strokeWidth={filled ? undefined : strokeWidth}
      strokeLinecap={round ? "round" : undefined}
      strokeLinejoin={round === "all" ? "round" : undefined}
    >
      <path d={d} />
    </svg>
  );
}
