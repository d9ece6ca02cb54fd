/**
 * Chat turns of this process that have not sent their first token yet, so
 * background work that follows an answer (learning from it) can step aside
 * for them. On the embedded database every statement and every piece of
 * JavaScript runs on the one thread the turns use; a job's statements and its
 * reading of the model's reply would otherwise land between a turn's
 * statements and delay its first token.
 */
export type FirstTokenGate = {
  /** A turn has started; the function it returns marks its first token (or its end), and may be called again. */
  enter(): () => void;
  /**
   * Resolves once no turn is waiting for its first token, or after `maxWaitMs` at the latest, so background work
   * cannot be held back for long by a steady stream of turns.
   */
  clear(maxWaitMs: number): Promise<void>;
};

export function createFirstTokenGate(): FirstTokenGate {
  let waitingTurns = 0;
  const waiters = new Set<() => void>();

  const openIfClear = () => {
    if (waitingTurns > 0) return;
    for (const resolve of waiters) resolve();
    waiters.clear();
  };

  return {
    enter() {
      waitingTurns++;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        waitingTurns--;
        // The turn's own next steps (relaying the token) run first.
        if (waitingTurns === 0 && waiters.size > 0) setImmediate(openIfClear);
      };
    },
    clear(maxWaitMs) {
      if (waitingTurns === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, maxWaitMs);
        timer.unref();
        function done() {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        }
        waiters.add(done);
      });
    },
  };
}
