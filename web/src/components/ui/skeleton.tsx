import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../lib/cn";

/** The spec's pulsing placeholder block for loading states. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-slate-200", className)} {...props} />;
}

/** A loading state: its placeholders, marked busy, with words for screen readers. */
export function Loading({
  label = "Loading...",
  className,
  children,
}: {
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className} aria-busy="true">
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/** A loading state of placeholder blocks stacked in a grid, one for each entry of `blocks` (its size classes). */
export function LoadingBlocks({
  blocks,
  label,
  className = "grid gap-3",
}: {
  blocks: string[];
  label?: string;
  className?: string;
}) {
  return (
    <Loading label={label} className={className}>
      {blocks.map((size, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the blocks are fixed and never reorder
        <Skeleton key={index} className={size} />
      ))}
    </Loading>
  );
}
