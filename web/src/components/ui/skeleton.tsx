import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

/** The spec's pulsing placeholder block for loading states. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-slate-200", className)} {...props} />;
}
