import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { type PGlite, parse, protocol, type Results, types } from "@electric-sql/pglite";
import { compactAlongside } from "../memory-settling";
import { type EngineOptions, type EngineReply, type EngineRequest, PREPARED_LIMIT } from "./engine-protocol";
import { PGLITE_TYPES } from "./pglite-settings";

type QueryOptions = NonNullable<Parameters<PGlite["query"]>[2]>;
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];
type Request =
  | { kind: "query"; text: string; params: readonly unknown[]; prepared: boolean }
  | { kind: "exec"; text: string };

/** What the server calls on the embedded database: PGlite's `query`, `exec` and `transaction`, as drizzle uses them. */
export type EngineTransaction = Pick<EngineClient, "query" | "exec"> & { rollback(): Promise<void>; closed: boolean };

/**
 * The embedded database, run on a thread of its own (server/db/engine-thread.ts) and used from this one as PGlite is:
 * the same statements, results, errors and transactions. The server's thread only writes statements and reads their
 * results; the engine's work (planning, executing, its files) no longer holds up other requests.
 *
 * One statement runs at a time, in the order asked; a transaction holds the engine until it ends.
 */
export class EngineClient {
  readonly parsers: Record<number, (value: string, typeId?: number) => unknown> = {
    ...types.parsers,
    ...PGLITE_TYPES.parsers,
  };
  #worker: Worker;
  #replies = new Map<number, { resolve(bytes: Uint8Array): void; reject(error: Error): void }>();
  #nextId = 1;
  /** Settles when the open transaction ends; other statements are sent only once it has. */
  #transactionEnd: Promise<void> | undefined;
  #closed = false;
  #prepared = new Set<string>();
  #stopCompacting = () => {};

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: EngineReply) => {
      const waiting = this.#replies.get(reply.id);
      this.#replies.delete(reply.id);
      if ("failure" in reply) waiting?.reject(new Error(reply.failure));
      else waiting?.resolve(reply.bytes);
    });
    worker.on("error", (error) => this.#failAll(error));
    worker.on("exit", () => this.#failAll(new Error("PGlite is closed")));
  }

  /** Starts the engine's thread on `pgData` (in memory when undefined) and waits until it can take statements. */
  static async open(options: EngineOptions): Promise<EngineClient> {
    const worker = startThread(options);
    const client = new EngineClient(worker);
    await new Promise<void>((resolve, reject) => {
      client.#replies.set(0, { resolve: () => resolve(), reject });
    });
    await client.#readArrayTypes();
    // Its heap is compacted with this thread's once the server is idle (server/memory-settling.ts).
    client.#stopCompacting = compactAlongside(() => client.#send({ kind: "compact" }).then(() => {}));
    return client;
  }

  get closed() {
    return this.#closed;
  }

  query<T>(text: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#outsideTransactions(() => this.#query<T>(text, params, options, false));
  }

  /** `query` for a statement whose plan does not depend on its values: parsed and planned once, under a name. */
  queryPrepared<T>(text: string, params: readonly unknown[], parsers: QueryOptions["parsers"]): Promise<Results<T>> {
    return this.#outsideTransactions(() => {
      this.#prepared.delete(text);
      this.#prepared.add(text);
      if (this.#prepared.size > PREPARED_LIMIT) this.#prepared.delete(this.#prepared.values().next().value as string);
      return this.#query<T>(text, params, { parsers }, true);
    });
  }

  /** How many statements are prepared now, as the engine keeps them (tests). */
  get preparedCount() {
    return this.#prepared.size;
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#outsideTransactions(() => this.#exec(text, options));
  }

  transaction<T>(callback: (tx: EngineTransaction) => Promise<T>): Promise<T> {
    return this.#outsideTransactions(async () => {
      let ended = () => {};
      this.#transactionEnd = new Promise((resolve) => {
        ended = resolve;
      });
      try {
        return await this.#inTransaction(callback);
      } finally {
        this.#transactionEnd = undefined;
        ended();
      }
    });
  }

  async #inTransaction<T>(callback: (tx: EngineTransaction) => Promise<T>): Promise<T> {
    await this.#exec("BEGIN");
    let closed = false;
    const open = () => {
      if (closed) throw new Error("Transaction is closed");
    };
    const tx: EngineTransaction = {
      query: async <R>(text: string, params?: readonly unknown[], options?: QueryOptions) => {
        open();
        return this.#query<R>(text, params ?? [], options, false);
      },
      exec: async (text: string, options?: QueryOptions) => {
        open();
        return this.#exec(text, options);
      },
      rollback: async () => {
        open();
        await this.#exec("ROLLBACK");
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    try {
      const result = await callback(tx);
      if (!closed) {
        closed = true;
        await this.#exec("COMMIT");
      }
      return result;
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#exec("ROLLBACK");
      }
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stopCompacting();
    await this.#outsideTransactions(() => this.#send({ kind: "close" })).catch(() => {});
    await this.#worker.terminate();
  }

  async #query<T>(text: string, params: readonly unknown[], options: QueryOptions | undefined, prepared: boolean) {
    const messages = await this.#run({ kind: "query", text, params, prepared }, params);
    return this.#results(messages, options)[0] as Results<T>;
  }

  async #exec(text: string, options?: QueryOptions) {
    return this.#results(await this.#run({ kind: "exec", text }, undefined), options);
  }

  /**
   * The statement's results, read as PGlite reads them. A caller's own parsers (drizzle brings some for dates to every
   * statement) are looked up before the client's through a prototype: given them as options, parseResults would copy
   * all of the client's, one for every array type, into a new object for every statement.
   */
  #results(messages: BackendMessage[], options: QueryOptions | undefined) {
    if (!options?.parsers) return parse.parseResults(messages, this.parsers, options);
    const parsers: EngineClient["parsers"] = Object.assign(Object.create(this.parsers), options.parsers);
    return parse.parseResults(messages, parsers, { ...options, parsers: undefined });
  }

  /** The request's messages; PostgreSQL's error, with the statement and its values as PGlite adds them, is thrown. */
  async #run(request: Request, params: readonly unknown[] | undefined): Promise<BackendMessage[]> {
    const messages: BackendMessage[] = [];
    new protocol.Parser().parse(await this.#send(request), (message) => messages.push(message));
    const error = messages.find((message) => message instanceof protocol.messages.DatabaseError);
    if (error) throw Object.assign(error, { query: request.text, params });
    return messages;
  }

  #send(request: Request | { kind: "compact" | "close" }): Promise<Uint8Array> {
    if (this.#closed && request.kind !== "close") return Promise.reject(new Error("PGlite is closed"));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#replies.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id } as EngineRequest);
    });
  }

  /**
   * Runs `send` once no transaction is open. Requests are not held back until earlier ones are answered: the engine's
   * thread takes them in the order sent, and keeps working while this thread reads the answers. `send` must send its
   * first request before it first awaits, so that nothing can begin a transaction in between.
   */
  async #outsideTransactions<T>(send: () => Promise<T>): Promise<T> {
    while (this.#transactionEnd) await this.#transactionEnd;
    return send();
  }

  #failAll(error: Error) {
    this.#closed = true;
    for (const waiting of this.#replies.values()) waiting.reject(error);
    this.#replies.clear();
  }

  /** Parsers for arrays of every type, as PGlite makes them when it opens. */
  async #readArrayTypes() {
    const { rows } = await this.query<{ oid: number; typarray: number }>(
      `select b.oid, b.typarray from pg_catalog.pg_type a
       left join pg_catalog.pg_type b on b.oid = a.typelem
       where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`,
    );
    for (const { oid, typarray } of rows) {
      this.parsers[typarray] = (value: string) => types.arrayParser(value, this.parsers[oid] ?? String, typarray);
    }
  }
}

/** Starts the engine's thread; under tsx (development, tests, benchmarks) it loads its TypeScript entry through tsx. */
function startThread(workerData: EngineOptions): Worker {
  if (!import.meta.url.endsWith(".ts"))
    return new Worker(new URL("./engine-thread.js", import.meta.url), { workerData });
  // tsx's ES module API: its package's "import" entry, beside the CommonJS one that require() finds.
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
  const entry = new URL("./engine-thread.ts", import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(code, { eval: true, workerData });
}
