import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

/** What a query shows: `loading` while it is pending, its error's message if it failed, otherwise `children`. */
export function QueryView<T>(props: {
  query: UseQueryResult<T>;
  loading: ReactNode;
  /** How the error's message looks where it stands. */
  errorClassName: string;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) return props.loading;
  if (query.isError) {
    return (
      <p role="alert" className={props.errorClassName}>
        {query.error.message}
      </p>
    );
  }
  return props.children(query.data);
}
