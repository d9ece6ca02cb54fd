/** Callbacks run on each change of a value kept outside React; `add` returns the function that removes one again. */
export function listenerSet() {
  const listeners = new Set<() => void>();
  return {
    add(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    notify() {
      for (const listener of listeners) listener();
    },
  };
}
