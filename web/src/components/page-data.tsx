import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoadFailed } from "./load-failed";
import { QueryView } from "./query-view";

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
  return (
    <QueryView
      query={query}
      loading={props.loading}
      failed={(error) => (
        <LoadFailed
          title={props.failedTitle}
          message={error.message}
          onRetry={() => void query.refetch()}
          className={props.failedClassName}
        />
      )}
    >
      {props.children}
    </QueryView>
  );
}
