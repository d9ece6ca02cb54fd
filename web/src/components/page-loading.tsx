import { Skeleton } from "./ui/skeleton";

export function PageLoading() {
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-12" aria-busy="true">
      <span className="sr-only">Loading...</span>
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
