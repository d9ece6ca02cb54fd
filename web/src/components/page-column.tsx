import type { ReactNode } from "react";
import { cn } from "../lib/cn";

/** An owner's page laid out as one column: centred at `width` on the brand's soft background, its parts evenly spaced. */
export function PageColumn({ width, children }: { width: "max-w-3xl" | "max-w-4xl"; children: ReactNode }) {
  return (
    <div className="flex-1 bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-8 sm:px-6 sm:py-12">
      <div className={cn("mx-auto grid w-full grid-cols-1 gap-6", width)}>{children}</div>
    </div>
  );
}
