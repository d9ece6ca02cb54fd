import { Loading, Skeleton } from "./ui/skeleton";

export function PageLoading() {
  return (
    <Loading className="mx-auto w-full max-w-3xl space-y-4 px-4 py-12">
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-40 w-full" />
    </Loading>
  );
}
