/**
 * The columns of a board round start together. One process relays every
 * director's answer, one piece at a time. When the AI service answers them all
 * at once, the first director's whole answer would be relayed and stored
 * before the next director's first words were even read, and the columns
 * would start one after another. So each column, once its first words are on
 * their way to the owner, waits for the other columns to start (or to end
 * without starting) before it relays the rest. It waits at most
 * START_TOGETHER_MS: a director the AI service is slower to answer holds the
 * others up no longer than that, once.
 */
export const START_TOGETHER_MS = 100;

export type StartGate = {
  /** This column has started, or has ended without starting (failed, stopped, nothing to ask). */
  started(column: number): void;
  /** This column has started: waits until every column has, at most `waitMs` or until `signal` aborts. */
  wait(column: number, signal: AbortSignal): Promise<void>;
};

export function startTogether(columns: number, waitMs = START_TOGETHER_MS): StartGate {
  const started = new Set<number>();
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const gate: StartGate = {
    started(column) {
      started.add(column);
      if (started.size >= columns) open();
    },
    async wait(column, signal) {
      gate.started(column);
      if (started.size >= columns || signal.aborted) return;
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const timer = setTimeout(release, waitMs);
      signal.addEventListener("abort", release, { once: true });
      try {
        await Promise.race([opened, released]);
      } finally {
        clearTimeout(timer);
        signal.removeEventListener("abort", release);
      }
    },
  };
  return gate;
}
