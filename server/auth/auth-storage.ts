import { AsyncLocalStorage } from "node:async_hooks";

/**
 * better-auth's server API with its context storages switched off whenever none of its calls is in flight.
 *
 * better-auth carries a call's context in AsyncLocalStorage. While any such storage is on, Node 20 runs a hook for
 * every promise the process makes, to carry the context along: after an owner's first session check, every chat turn
 * and every statement paid for it, about a fifteenth of a chat turn's CPU (docs/benchmarks.md). A call switches its
 * storage on again itself (AsyncLocalStorage.run does); the storages go off when the last call in flight, of any app
 * in the process, has settled.
 */
export function storagesOffBetweenCalls<Api extends object>(api: Api): Api {
  const calls = new Map<PropertyKey, unknown>();
  return new Proxy(api, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== "function") return value;
      let call = calls.get(key);
      if (!call) {
        call = (...args: unknown[]) => {
          inFlight += 1;
          try {
            return Promise.resolve(value.apply(target, args)).finally(settled);
          } catch (error) {
            settled();
            throw error;
          }
        };
        calls.set(key, call);
      }
      return call;
    },
  });
}

/** Calls into better-auth in flight, of every app in this process: they share its storages. */
let inFlight = 0;

function settled() {
  inFlight -= 1;
  if (inFlight === 0) {
    for (const storage of authStorages()) storage.disable();
  }
}

/** better-auth's storages: it keeps them on a global of its own, so that every copy of it in a process shares them. */
export function authStorages(): AsyncLocalStorage<unknown>[] {
  const global = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    Symbol.for("better-auth:global")
  ];
  return Object.values(global?.context ?? {}).filter((value) => value instanceof AsyncLocalStorage);
}
