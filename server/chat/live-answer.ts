import type { AnswerPhase, ChatAnswerMetadata } from "../../shared/chat";
import type { FirstTokenGate } from "./first-token-gate";

/**
 * An answer being written, and the hub that keeps the answers of this process (server/chat/answer-hub.ts creates
 * it). Apart from the hub's workings so that AppDeps can name the hub without importing them.
 */

export type AnswerEvent =
  | { type: "phase"; phase: AnswerPhase; retryInMs?: number }
  /** Text appended at `offset` (the answer's length before it). */
  | { type: "delta"; offset: number; text: string }
  | { type: "end"; metadata: ChatAnswerMetadata };

export type AnswerListener = (event: AnswerEvent) => void;

/** Why a live answer was stopped: by its owner, or by this process shutting down. */
export type StopReason = "owner" | "shutdown";

/** One answer this process is writing. */
export class LiveAnswer {
  text = "";
  phase: AnswerPhase = "reading";
  /** While busy: when (Date.now()) the provider is asked again. */
  retryAt: number | undefined;
  ended: ChatAnswerMetadata | undefined;
  /** Aborted by the owner's Stop or a shutdown; the reason is a StopReason. */
  readonly stop = new AbortController();
  private readonly listeners = new Set<AnswerListener>();

  constructor(
    readonly id: string,
    readonly userId: string,
    private readonly publish: (id: string, event: AnswerEvent) => void,
  ) {}

  setPhase(phase: AnswerPhase, retryInMs?: number) {
    if (this.ended || (phase === this.phase && retryInMs === undefined)) return;
    this.phase = phase;
    this.retryAt = retryInMs === undefined ? undefined : Date.now() + retryInMs;
    this.emit({ type: "phase", phase, ...(retryInMs === undefined ? {} : { retryInMs }) });
  }

  /** What it is doing now, as a phase event: a new reader sees what is left of a countdown. */
  phaseEvent(): Extract<AnswerEvent, { type: "phase" }> {
    if (this.retryAt === undefined || this.phase !== "busy") return { type: "phase", phase: this.phase };
    return { type: "phase", phase: this.phase, retryInMs: Math.max(0, this.retryAt - Date.now()) };
  }

  append(text: string) {
    if (this.ended || text === "") return;
    const offset = this.text.length;
    this.text += text;
    if (this.phase !== "writing") this.phase = "writing";
    this.emit({ type: "delta", offset, text });
  }

  end(metadata: ChatAnswerMetadata) {
    if (this.ended) return;
    this.ended = metadata;
    this.emit({ type: "end", metadata });
  }

  listen(listener: AnswerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: AnswerEvent) {
    for (const listener of this.listeners) listener(event);
    this.publish(this.id, event);
  }
}

export type AnswerHub = {
  /** True when other processes may be writing answers too (PostgreSQL); false on the embedded database. */
  readonly shared: boolean;
  /**
   * Writes an answer with `write`, to the end, whatever happens to the request
   * that asked for it. `write` must end the answer (live.end) once it is stored.
   */
  start(answer: { id: string; userId: string }, write: (live: LiveAnswer) => Promise<void>): LiveAnswer;
  /** The answer, if this process is writing it. */
  local(id: string): LiveAnswer | undefined;
  /** Events of an answer another process is writing; `listening` tells when they can arrive. */
  listenRemote(id: string, listener: AnswerListener): { stop: () => void; listening: Promise<void> };
  /** The owner's Stop: stops the answer here, or asks the process writing it. */
  requestStop(id: string): Promise<void>;
  /** Chat turns still before their first token: the work that follows an answer waits for them. */
  readonly firstTokens: FirstTokenGate;
  /** Keeps shutdown waiting for a short task that follows an answer (its title). */
  track(task: Promise<unknown>): void;
  /**
   * Gives running answers `graceMs` to finish, then stops the rest (stored as
   * interrupted, so their owners can retry) and stops listening.
   */
  close(graceMs: number): Promise<void>;
};
