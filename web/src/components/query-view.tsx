import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

/**
 * What a query shows: `loading` while it is pending, `failed` if it failed (by default its error's message, styled by
 * `errorClassName`), otherwise `children` with the data.
 */
export function QueryView<T>(props: {
  query: UseQueryResult<T>;
  loading: ReactNode;
  /** How the error's message looks where it stands. */
  errorClassName?: string;
  failed?: (error: Error) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) return props.loading;
  if (query.isError) {
    return props.failed ? (
      props.failed(query.error)
    ) : (
      <p role="alert" className={props.errorClassName}>
        {query.error.message}
      </p>
    );
  }
  return props.children(query.data);
}
