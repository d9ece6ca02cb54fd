import { useSyncExternalStore } from "react";
import { api } from "./api";
import { listenerSet } from "./listeners";

/** What a component reads of a shared resource; the fields match a query's, so pages read both alike. */
export type ResourceState<T> = {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  isError: boolean;
};

/**
 * One JSON resource the whole page shares (GET `path`), for what the nav bar
 * and the landing page need on the first load (the session, the public
 * configuration) without the query cache's code. It is fetched when the first
 * component reads it and kept for the page's life; after a failed fetch the
 * next component to mount tries again. A newer write or fetch always wins over
 * an older fetch still on its way.
 */
export function createResourceStore<T>(path: string) {
  let state: ResourceState<T> = { data: undefined, error: null, isPending: true, isError: false };
  let latest = 0;
  let inFlight = false;
  const listeners = listenerSet();

  const emit = (next: ResourceState<T>) => {
    state = next;
    listeners.notify();
  };

  const fetchNow = async () => {
    const request = ++latest;
    inFlight = true;
    // Without data a new attempt is pending again; with data the page keeps showing it meanwhile.
    if (state.data === undefined && !state.isPending) emit({ ...state, error: null, isPending: true, isError: false });
    try {
      const data = await api<T>(path);
      if (request === latest) emit({ data, error: null, isPending: false, isError: false });
    } catch (error) {
      if (request === latest) emit({ ...state, error: error as Error, isPending: false, isError: true });
    } finally {
      if (request === latest) inFlight = false;
    }
  };

  const subscribe = (listener: () => void) => {
    const remove = listeners.add(listener);
    if (state.data === undefined && !inFlight) void fetchNow();
    return remove;
  };

  const set = (data: T) => {
    latest++;
    inFlight = false;
    emit({ data, error: null, isPending: false, isError: false });
  };

  return {
    use: (): ResourceState<T> => useSyncExternalStore(subscribe, () => state),
    get: () => state.data,
    set,
    /** Fetches it again, keeping what is shown until the answer arrives. */
    refresh: fetchNow,
  };
}
