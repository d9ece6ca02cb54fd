import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoadFailed } from "./load-failed";

/**
 * What a page shows of the data it reads: `loading` while it is read, the LoadFailed card (what failed, the server's
 * reason, "Try again") if it could not be, otherwise `children` with the data.
 */
export function PageData<T>(props: {
  query: UseQueryResult<T>;
  loading: ReactNode;
  failedTitle: string;
  failedClassName?: string;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) return props.loading;
  if (query.isError) {
    return (
      <LoadFailed
        title={props.failedTitle}
        message={query.error.message}
        onRetry={() => void query.refetch()}
        className={props.failedClassName}
      />
    );
  }
  return props.children(query.data);
}
