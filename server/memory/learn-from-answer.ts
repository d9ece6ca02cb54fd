import { NoObjectGeneratedError } from "ai";
import { sql } from "drizzle-orm";
import { type Director, findDirector } from "../../shared/directors";
import { findKeyFact, type KeyFact, keyFactsTouched } from "../../shared/key-facts";
import { factDateSchema, factStatementSchema, isoDay, type KeyFactAsk } from "../../shared/memory";
import { extractFacts } from "../ai/extract-facts";
import type { Database } from "../db/client";
import { executePrepared } from "../db/execute-prepared";
import type { AppDeps } from "../deps";
import type { Logger } from "../logger";
import { knowledgeOf, readKnowledgeSources } from "./director-knowledge";
import { insertFacts, type MemorySettings, type NewFact, readMemorySettings } from "./facts";

/** What a finished answer's metadata records of what was learned from its turn. */
export type StoredAnswerMemory = { state: "done"; ask: string | null };

/** The AI service failed in a way that may pass: the job tries again. */
class RetryLater extends Error {}

/** Statements already on file that the model is shown, so it does not propose them again. */
const KNOWN_STATEMENTS_READ = 100;
/**
 * Learning steps aside while a chat turn of this process waits for its first token (the turns share the one thread,
 * and on the embedded database the one connection); a steady stream of turns holds each step back this long at most.
 */
const STEP_ASIDE_MAX_MS = 2000;

/**
 * After an answer is complete, in the background: the facts the owner stated
 * in that turn are noted (proposed, or kept at once when the owner chose "Keep
 * automatically"), and if the question touched one of the director's key
 * facts that nobody has told it yet, the director asks for it under the
 * answer. Takes only the answer's id and does nothing twice, so it runs as a
 * durable job (learn-from-answer-job.ts). When the AI service fails and
 * `retryLater` is set it throws, for the job to try again; otherwise the turn
 * is marked as looked at without facts. Nothing here ever reaches the owner
 * as an error: the answer is already theirs.
 */
export async function learnFromAnswer(
  deps: AppDeps,
  answerId: string,
  log: Logger,
  options: { retryLater: boolean } = { retryLater: false },
): Promise<void> {
  const stepAside = () => deps.answers.firstTokens.clear(STEP_ASIDE_MAX_MS);
  try {
    await stepAside();
    const turn = await readTurn(deps, answerId);
    if (!turn) return;
    const director = findDirector(turn.directorId);
    if (!director) return;
    const now = deps.now();
    // The request for facts goes out, and its reply is read, when no turn waits for its first token either.
    if (deps.ai.chat) await stepAside();
    const noted = deps.ai.chat ? await noteFacts(deps, { ...turn, director, log, retryLater: options.retryLater }) : [];
    await stepAside();
    const touched = keyFactsTouched(director.id, turn.question);
    const settings =
      noted.length > 0 || touched.length > 0 ? await readMemorySettings(deps.db, turn.userId) : undefined;
    const ask = settings && (await chooseAsk(deps, { ...turn, director, touched, settings, noted, now }));
    const memory: StoredAnswerMemory = { state: "done", ask: ask?.keyFact ?? null };
    const markDone = sql`
        update messages set metadata = jsonb_set(metadata, '{memory}', ${JSON.stringify(memory)}::jsonb)
        where id = ${answerId} and user_id = ${turn.userId}`;
    if (noted.length === 0) {
      await executePrepared(deps.database, markDone);
      return;
    }
    // The facts and the mark that the turn was looked at go together, so a second run finds it done.
    const status = settings?.keepAutomatically ? "kept" : "proposed";
    await deps.db.transaction(async (tx) => {
      await insertFacts(
        tx as unknown as Database,
        turn.userId,
        noted.map((fact) => ({ ...fact, status })),
        now,
      );
      await (tx as unknown as Database).execute(markDone);
    });
  } catch (error) {
    if (error instanceof RetryLater) throw error.cause;
    log.warn({ err: error }, "nothing could be learned from an answer");
  }
}

type Turn = {
  answerId: string;
  userId: string;
  directorId: string;
  question: string;
  answer: string;
  /** The day of the turn: a fact without a date of its own is dated by it. */
  day: string;
  /** The owner's newest statements on file (KNOWN_STATEMENTS_READ), which the model is shown. */
  known: string[];
};

async function readTurn(deps: AppDeps, answerId: string): Promise<Turn | undefined> {
  // Prepared on the embedded database, as the chat turn's own statements are: one answer's rows by key.
  const rows = await executePrepared<{
    userId: string;
    answer: string;
    status: string;
    createdAt: Date | string;
    memory: unknown;
    question: string;
    directorId: string;
    known: string[];
  }>(
    deps.database,
    sql`
    select a.user_id as "userId", a.content as answer, a.status, a.created_at as "createdAt",
      a.metadata -> 'memory' as memory, q.content as question, c.director_id as "directorId",
      (select coalesce(json_agg(known.statement order by known.created_at desc), '[]'::json) from (
          select statement, created_at from remembered_facts where user_id = a.user_id
          order by created_at desc limit ${KNOWN_STATEMENTS_READ}
        ) known) as known
    from messages a
    join messages q on q.id = a.reply_to and q.user_id = a.user_id
    join conversations c on c.id = a.conversation_id
    where a.id = ${answerId} and a.sender = 'ai'`,
  );
  const [row] = rows;
  // Done once: a retried job leaves an answer already looked at alone.
  if (row?.status !== "complete" || row.memory) return undefined;
  return {
    answerId,
    userId: row.userId,
    directorId: row.directorId,
    question: row.question,
    answer: row.answer,
    day: isoDay(new Date(row.createdAt)),
    known: row.known,
  };
}

/** The model's proposals, checked: owner text rules, a real date, a known key fact, nothing already on file. */
async function noteFacts(
  deps: AppDeps,
  turn: Turn & { director: Director; log: Logger; retryLater: boolean },
): Promise<Array<Omit<NewFact, "status">>> {
  const model = deps.ai.chat;
  if (!model) return [];
  let extracted: Awaited<ReturnType<typeof extractFacts>>;
  try {
    extracted = await extractFacts(model, {
      director: turn.director,
      question: turn.question,
      answer: turn.answer,
      today: turn.day,
      known: turn.known,
    });
  } catch (error) {
    // A reply that is not the asked-for object carries the owner's words in its error messages: only its kind is logged.
    // Asking again would most likely get the same reply, so it is not retried.
    if (NoObjectGeneratedError.isInstance(error)) {
      turn.log.warn(
        { reason: error.name, finishReason: error.finishReason },
        "facts could not be noted from an answer",
      );
    } else if (turn.retryLater) {
      throw new RetryLater("the AI service failed; the job tries again", { cause: error });
    } else {
      turn.log.warn({ err: error }, "facts could not be noted from an answer");
    }
    return [];
  }
  const seen = new Set(turn.known.map(comparable));
  const noted: Array<Omit<NewFact, "status">> = [];
  for (const fact of extracted) {
    const statement = factStatementSchema.safeParse(fact.statement);
    if (!statement.success || seen.has(comparable(statement.data))) continue;
    seen.add(comparable(statement.data));
    const date = factDateSchema.safeParse(fact.date);
    const keyFact = findKeyFact(fact.keyFact);
    noted.push({
      statement: statement.data,
      date: date.success ? date.data : turn.day,
      directorId: turn.director.id,
      onlyDirector: false,
      keyFact: keyFact?.id ?? null,
      origin: "chat",
      sourceMessageId: turn.answerId,
    });
  }
  return noted;
}

/**
 * The one key fact to ask for: the first the question touches that no answer,
 * profile field or remembered fact covers (a fact just noted counts), unless
 * the owner said "Not now" to it this week.
 */
async function chooseAsk(
  deps: AppDeps,
  input: Turn & {
    director: Director;
    touched: KeyFact[];
    settings: MemorySettings;
    noted: Array<Omit<NewFact, "status">>;
    now: Date;
  },
): Promise<KeyFactAsk | undefined> {
  const hidden = input.settings.asksHiddenUntil;
  const touched = input.touched.filter((fact) => !(Date.parse(hidden[fact.id] ?? "") > input.now.getTime()));
  if (touched.length === 0) return undefined;
  const sources = await readKnowledgeSources(deps.db, input.userId);
  const knowledge = knowledgeOf(input.director.id, sources, input.now, input.noted);
  const missing = touched.find((fact) => knowledge.facts.find((state) => state.id === fact.id)?.status === "missing");
  return missing && askFor(missing.id);
}

export function askFor(keyFactId: string | null | undefined): KeyFactAsk | undefined {
  const fact = findKeyFact(keyFactId);
  return fact && { keyFact: fact.id, label: fact.label, question: fact.ask, placeholder: fact.placeholder };
}

/** Statements that differ only in case, spacing or punctuation are the same fact. */
function comparable(statement: string): string {
  return statement
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
