import { Loading, Skeleton } from "./skeleton";

/**
 * A loading state of placeholder blocks stacked in a grid, one for each entry of `blocks` (its size classes). Kept
 * apart from skeleton.tsx, which the app shell loads first.
 */
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
