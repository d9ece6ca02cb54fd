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
