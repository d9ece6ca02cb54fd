import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { DatabaseHandle } from "../db/client";
import { isDatabaseUnavailable } from "../db/database-error";
import { messages } from "../db/schema";
import type { Logger } from "../logger";
import { ANSWER_STALE_MS } from "./conversations";
import { createFirstTokenGate } from "./first-token-gate";
import { type AnswerEvent, type AnswerHub, type AnswerListener, LiveAnswer, type StopReason } from "./live-answer";
import { finishAnswer, saveAnswerProgress } from "./turn-store";

/**
 * Answers being written, apart from the requests that asked for them. Once a
 * question is accepted its answer is written to the end (or to the owner's
 * Stop) whether or not a browser is still reading; readers attach to it, on
 * this process or another. See docs/decisions/0014-answers-outlive-the-browser.md.
 *
 * This process keeps the text of its own answers in memory and stores it
 * every second (ANSWER_SAVE_MS), which is also the heartbeat readers use to
 * tell a live answer from one a crash interrupted. On PostgreSQL, where
 * several processes may serve one database, every event is also published
 * with NOTIFY, so a reader on another process follows along; Stop travels the
 * same way.
 */

/** How often a live answer's text is stored (and its heartbeat written). */
export const ANSWER_SAVE_MS = 1000;
/** After a shutdown has stopped the answers still running: how long they get to store how far they got. */
const STORE_ON_CLOSE_MS = 2000;
const CHANNEL = "directors_answers";
/** NOTIFY payloads must stay under 8000 bytes. */
const NOTIFY_MAX_CHARS = 6000;
/** Deltas of one answer are gathered this long before they are published to other processes. */
const PUBLISH_EVERY_MS = 50;

export async function createAnswerHub(deps: {
  database: DatabaseHandle;
  log: Logger;
  now: () => Date;
}): Promise<AnswerHub> {
  const { database, log, now } = deps;
  const db = database.db;
  const running = new Map<string, { live: LiveAnswer; done: Promise<void> }>();
  const tasks = new Set<Promise<unknown>>();
  const remoteListeners = new Map<string, Set<AnswerListener>>();
  let closed = false;

  const bus =
    database.driver === "node-postgres"
      ? await listenForAnswers((db as unknown as { $client: pg.Pool }).$client, log, {
          onEvent: (id, event) => {
            for (const listener of remoteListeners.get(id) ?? []) listener(event);
          },
          onStop: (id) => running.get(id)?.live.stop.abort("owner" satisfies StopReason),
        })
      : undefined;

  if (database.driver === "pglite") {
    // The embedded database has one process (its data folder is locked), so an answer still marked as being written
    // was cut off when the last process ended.
    await db.update(messages).set({ status: "interrupted" }).where(sql`${messages.status} = 'streaming'`);
  }

  /**
   * An answer cut off because the database went away is still stored as being
   * written, which would refuse the owner's next question until it goes stale.
   * Once the database is back, store how it ended (tried every second for as
   * long as it would take to go stale anyway).
   */
  const storeFailureWhenBack = async (answerId: string, content: string) => {
    const giveUpAt = Date.now() + ANSWER_STALE_MS;
    while (!closed && Date.now() < giveUpAt) {
      try {
        await finishAnswer(database, answerId, { content, status: "failed", errorCode: "server:database", now: now() });
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 1000).unref());
      }
    }
  };

  const hub: AnswerHub = {
    shared: bus !== undefined,
    firstTokens: createFirstTokenGate(),
    start(answer, write) {
      // Stop pressed on another process reaches this one through the listener.
      void bus?.listen();
      const live = new LiveAnswer(answer.id, answer.userId, (id, event) => bus?.publish(id, event));
      let saved = "";
      let saving: Promise<void> = Promise.resolve();
      const save = () => {
        // A heartbeat even without new text, so readers elsewhere know this answer is alive.
        saved = live.text;
        saving = saving
          .then(() => saveAnswerProgress(db, live.id, saved, now()))
          .catch((error: unknown) => log.warn({ err: error }, "the answer's progress could not be stored"));
      };
      const timer = setInterval(save, ANSWER_SAVE_MS);
      const done = (async () => {
        try {
          await write(live);
        } catch (error) {
          log.error({ err: error }, "an answer could not be written");
          // The database being away is worth retrying in a moment; anything else is ours to fix.
          const errorCode = isDatabaseUnavailable(error) ? "server:database" : "server:internal";
          live.end({ messageId: live.id, status: "failed", errorCode });
          if (errorCode === "server:database") hub.track(storeFailureWhenBack(live.id, live.text));
        } finally {
          clearInterval(timer);
          await saving;
          running.delete(live.id);
        }
      })();
      running.set(live.id, { live, done });
      return live;
    },
    local: (id) => running.get(id)?.live,
    listenRemote(id, listener) {
      const set = remoteListeners.get(id) ?? new Set<AnswerListener>();
      set.add(listener);
      remoteListeners.set(id, set);
      return {
        listening: bus?.listen() ?? Promise.resolve(),
        stop: () => {
          set.delete(listener);
          if (set.size === 0) remoteListeners.delete(id);
        },
      };
    },
    async requestStop(id) {
      const local = running.get(id);
      if (local) local.live.stop.abort("owner" satisfies StopReason);
      else await bus?.requestStop(id);
    },
    track(task) {
      if (closed) return;
      const settled = task.catch(() => {}).finally(() => tasks.delete(settled));
      tasks.add(settled);
    },
    async close(graceMs) {
      closed = true;
      const settled = () => Promise.all([...[...running.values()].map((entry) => entry.done), ...tasks]);
      const within = (ms: number) =>
        Promise.race([settled(), new Promise((resolve) => setTimeout(resolve, ms).unref())]);
      if (graceMs > 0) await within(graceMs);
      for (const { live } of running.values()) live.stop.abort("shutdown" satisfies StopReason);
      await within(STORE_ON_CLOSE_MS);
      await bus?.close();
    },
  };
  return hub;
}

type Bus = {
  /** Starts listening for other processes' events (once; later calls wait for the same connection). */
  listen(): Promise<void>;
  publish(id: string, event: AnswerEvent): void;
  requestStop(id: string): Promise<void>;
  close(): Promise<void>;
};

type Envelope = { from: string; events: Array<[string, AnswerEvent | { type: "stop" }]> };

/**
 * PostgreSQL LISTEN/NOTIFY between server processes. One connection of the
 * pool listens; events are published in order, one NOTIFY at a time, with each
 * answer's deltas gathered for PUBLISH_EVERY_MS and several answers' events
 * packed into one notification.
 */
async function listenForAnswers(
  pool: pg.Pool,
  log: Logger,
  handlers: { onEvent: (id: string, event: AnswerEvent) => void; onStop: (id: string) => void },
): Promise<Bus> {
  const self = randomUUID();
  let listener: pg.Client | undefined;
  let closed = false;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.from === self) return;
    for (const [id, event] of envelope.events) {
      if (event.type === "stop") handlers.onStop(id);
      else handlers.onEvent(id, event);
    }
  };

  // The listening connection is its own client (not one of the pool's, so closing the pool never waits for it), made
  // with the pool's settings on first use: a process that never writes or reads an answer never opens it.
  let connecting: Promise<void> | undefined;
  const listen = (): Promise<void> => {
    connecting ??= (async () => {
      const client = new pg.Client(pool.options);
      client.on("notification", onNotification);
      client.on("error", (error) => {
        log.warn({ err: error }, "the answer listener lost its connection; reconnecting");
        void client.end().catch(() => {});
        if (listener === client) listener = undefined;
        connecting = undefined;
        if (!closed) setTimeout(() => void listen().catch(() => {}), 1000).unref();
      });
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (closed) await client.end();
      else listener = client;
    })().catch((error: unknown) => {
      connecting = undefined;
      log.warn({ err: error }, "the answer listener could not connect");
    });
    return connecting;
  };

  // Events waiting to go out, in order; deltas of one answer are merged while they wait.
  const queue: Array<[string, AnswerEvent | { type: "stop" }]> = [];
  let flushTimer: NodeJS.Timeout | undefined;
  let sending: Promise<void> = Promise.resolve();

  const flush = () => {
    flushTimer = undefined;
    const events = queue.splice(0);
    if (events.length === 0) return;
    const batches: Array<typeof events> = [[]];
    let size = 0;
    for (const entry of events) {
      const entrySize = JSON.stringify(entry).length;
      if (size + entrySize > NOTIFY_MAX_CHARS && (batches.at(-1)?.length ?? 0) > 0) {
        batches.push([]);
        size = 0;
      }
      batches.at(-1)?.push(entry);
      size += entrySize;
    }
    for (const batch of batches) {
      const payload = JSON.stringify({ from: self, events: batch } satisfies Envelope);
      sending = sending
        .then(() => pool.query("select pg_notify($1, $2)", [CHANNEL, payload]).then(() => {}))
        .catch((error: unknown) => log.warn({ err: error }, "an answer event could not be published"));
    }
  };

  const enqueue = (id: string, event: AnswerEvent | { type: "stop" }) => {
    const last = queue.at(-1);
    if (event.type === "delta" && last?.[0] === id && last[1].type === "delta") {
      const merged = last[1].text + event.text;
      if (merged.length <= NOTIFY_MAX_CHARS / 2) {
        last[1] = { ...last[1], text: merged };
        return;
      }
    }
    if (event.type === "delta" && event.text.length > NOTIFY_MAX_CHARS / 2) {
      // A long piece of text goes out in parts that each fit a notification.
      for (let start = 0; start < event.text.length; start += NOTIFY_MAX_CHARS / 2) {
        const text = event.text.slice(start, start + NOTIFY_MAX_CHARS / 2);
        queue.push([id, { type: "delta", offset: event.offset + start, text }]);
      }
    } else {
      queue.push([id, event]);
    }
    if (event.type === "delta") flushTimer ??= setTimeout(flush, PUBLISH_EVERY_MS);
    else {
      if (flushTimer) clearTimeout(flushTimer);
      flush();
    }
  };

  return {
    listen,
    publish: enqueue,
    async requestStop(id) {
      enqueue(id, { type: "stop" });
      await sending;
    },
    async close() {
      closed = true;
      if (flushTimer) clearTimeout(flushTimer);
      flush();
      await sending;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
    },
  };
}
