import { NoObjectGeneratedError } from "ai";
import { sql } from "drizzle-orm";
import { type Director, findDirector } from "../../shared/directors";
import { keyFactsTouched } from "../../shared/key-fact-text";
import { findKeyFact, type KeyFact } from "../../shared/key-facts";
import { factDateSchema, factStatementSchema, isoDay, type KeyFactAsk } from "../../shared/memory";
import { extractFacts } from "../ai/extract-facts";
import { readKeyFactPassages } from "../ai/key-fact-passages";
import type { Database } from "../db/client";
import { executePrepared } from "../db/execute-prepared";
import { rowsOf } from "../db/rows-of";
import type { AppDeps } from "../deps";
import type { Logger } from "../logger";
import { type KnowledgeSources, knowledgeOf, readKnowledgeSources } from "./director-knowledge";
import { insertFacts, type MemorySettings, type NewFact, readMemorySettings } from "./facts";
import { statesFacts } from "./states-facts";

/** What a finished answer's metadata records of what was learned from its turn. */
export type StoredAnswerMemory = { state: "done"; ask: string | null };

/** The AI service failed in a way that may pass: the job tries again. */
class RetryLater extends Error {}

/** Statements already on file that the model is shown, so it does not propose them again. */
const KNOWN_STATEMENTS_READ = 100;
/** Turns sent in one request for facts; a conversation with more waiting is learned from in several. */
const TURNS_PER_REQUEST = 12;
/** Answers older than this that were never looked at (from before learning, or lost to a crash) are left alone. */
const LOOK_BACK_DAYS = 7;
/**
 * Learning steps aside while a chat turn of this process waits for its first token (the turns share the one thread,
 * and on the embedded database the one connection); a steady stream of turns holds each step back this long at most.
 */
const STEP_ASIDE_MAX_MS = 2000;

/**
 * What a chat turn that states nothing leaves to learn: the ask for a missing key fact its question touched, worked
 * out at once without the model, and the mark that the turn was looked at. Runs after the answer, never before it.
 */
export async function settleQuietTurn(
  deps: AppDeps,
  turn: { answerId: string; userId: string; directorId: string; question: string },
): Promise<void> {
  await deps.answers.firstTokens.clear(STEP_ASIDE_MAX_MS);
  const director = findDirector(turn.directorId);
  const touched = director ? keyFactsTouched(director.id, turn.question) : [];
  const ask =
    director && touched.length > 0
      ? await chooseAsk(deps, {
          userId: turn.userId,
          director,
          touched,
          settings: await readMemorySettings(deps.db, turn.userId),
          noted: [],
          now: deps.now(),
        })
      : undefined;
  const memory: StoredAnswerMemory = { state: "done", ask: ask?.keyFact ?? null };
  await executePrepared(
    deps.database,
    sql`update messages set metadata = jsonb_set(metadata, '{memory}', ${JSON.stringify(memory)}::jsonb)
        where id = ${turn.answerId} and user_id = ${turn.userId} and metadata -> 'memory' is null`,
  );
}

/**
 * After a pause in a conversation (or once it is left), in the background: the facts the owner stated in its turns
 * not yet looked at are noted in one request to the model (proposed, or kept at once when the owner chose "Keep
 * automatically"), each under the answer of the turn that stated it; turns whose questions state nothing
 * (statesFacts) are not sent. If the newest turn's question touched one of the director's key facts that nobody has
 * told it yet, the director asks for it under that answer. Takes only the conversation's id and does nothing twice, so
 * it runs as a durable job (learn-from-conversation-job.ts). When the AI service fails and `retryLater` is set it
 * throws, for the job to try again; otherwise the turns are marked as looked at without facts. Nothing here ever
 * reaches the owner as an error: the answers are already theirs.
 */
export async function learnFromConversation(
  deps: AppDeps,
  conversationId: string,
  log: Logger,
  options: { retryLater: boolean } = { retryLater: false },
): Promise<void> {
  const stepAside = () => deps.answers.firstTokens.clear(STEP_ASIDE_MAX_MS);
  try {
    for (;;) {
      await stepAside();
      const batch = await readTurns(deps, conversationId);
      if (!batch) return;
      await learnFromTurns(deps, batch, { log, retryLater: options.retryLater, stepAside });
      if (!batch.more) return;
    }
  } catch (error) {
    if (error instanceof RetryLater) throw error.cause;
    log.warn({ err: error }, "nothing could be learned from a conversation");
  }
}

type Turn = {
  answerId: string;
  question: string;
  answer: string;
  /** The day of the turn: a fact without a date of its own is dated by it. */
  day: string;
};

type Batch = {
  userId: string;
  director: Director;
  /** Oldest first. */
  turns: Turn[];
  /** More turns wait beyond this batch. */
  more: boolean;
};

async function learnFromTurns(
  deps: AppDeps,
  batch: Batch,
  options: { log: Logger; retryLater: boolean; stepAside: () => Promise<void> },
) {
  const { userId, director, turns } = batch;
  const asked = deps.ai.chat ? turnsToAsk(turns) : [];
  const now = deps.now();
  let noted: Array<Omit<NewFact, "status">> = [];
  if (asked.length > 0) {
    const known = await readKnownStatements(deps, userId);
    // The request for facts goes out, and its reply is read, when no turn waits for its first token either.
    await options.stepAside();
    noted = await noteFacts(deps, { director, turns: asked, known, log: options.log, retryLater: options.retryLater });
  }
  await options.stepAside();
  // Only a conversation's last answer shows an ask, so only the newest turn's question is looked at for one.
  const newest = turns.at(-1) as Turn;
  const touched = keyFactsTouched(director.id, newest.question);
  const settings = noted.length > 0 || touched.length > 0 ? await readMemorySettings(deps.db, userId) : undefined;
  const ask = settings && (await chooseAsk(deps, { userId, director, touched, settings, noted, now }));
  const memories = turns.map((turn) => ({
    id: turn.answerId,
    memory: { state: "done", ask: turn === newest ? (ask?.keyFact ?? null) : null } satisfies StoredAnswerMemory,
  }));
  const status = settings?.keepAutomatically ? "kept" : "proposed";
  // The facts and the marks that the turns were looked at go together; a turn another run has marked meanwhile keeps
  // what that run noted, so nothing is noted twice.
  await deps.db.transaction(async (tx) => {
    const marked = await markLookedAt(tx as unknown as Database, userId, memories);
    const facts = noted.filter((fact) => fact.sourceMessageId && marked.has(fact.sourceMessageId));
    await insertFacts(
      tx as unknown as Database,
      userId,
      facts.map((fact) => ({ ...fact, status })),
      now,
    );
  });
}

/** Marks the answers as looked at, each with its memory, unless already marked; the ids it marked. */
async function markLookedAt(
  db: Database,
  userId: string,
  memories: Array<{ id: string; memory: StoredAnswerMemory }>,
): Promise<Set<string>> {
  const result = await db.execute(sql`
    update messages m set metadata = jsonb_set(m.metadata, '{memory}', marks.memory)
    from jsonb_to_recordset(${JSON.stringify(memories)}::jsonb) as marks(id uuid, memory jsonb)
    where m.id = marks.id and m.user_id = ${userId} and m.metadata -> 'memory' is null
    returning m.id`);
  return new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
}

/** The conversation's complete answers not looked at yet, oldest first, at most TURNS_PER_REQUEST. */
async function readTurns(deps: AppDeps, conversationId: string): Promise<Batch | undefined> {
  const rows = await executePrepared<{
    answerId: string;
    userId: string;
    answer: string;
    createdAt: Date | string;
    question: string;
    directorId: string;
  }>(
    deps.database,
    sql`
    select a.id as "answerId", a.user_id as "userId", a.content as answer, a.created_at as "createdAt",
      q.content as question, c.director_id as "directorId"
    from messages a
    join messages q on q.id = a.reply_to and q.user_id = a.user_id
    join conversations c on c.id = a.conversation_id and c.user_id = a.user_id
    where a.conversation_id = ${conversationId} and a.sender = 'ai' and a.status = 'complete'
      and a.metadata -> 'memory' is null
      and a.created_at > ${new Date(deps.now().getTime() - LOOK_BACK_DAYS * 86_400_000).toISOString()}::timestamptz
    order by a.created_at
    limit ${TURNS_PER_REQUEST + 1}`,
  );
  const [first] = rows;
  const director = first && findDirector(first.directorId);
  if (!first || !director) return undefined;
  return {
    userId: first.userId,
    director,
    turns: rows.slice(0, TURNS_PER_REQUEST).map((row) => ({
      answerId: row.answerId,
      question: row.question,
      answer: row.answer,
      day: isoDay(new Date(row.createdAt)),
    })),
    more: rows.length > TURNS_PER_REQUEST,
  };
}

/** The owner's newest statements on file (KNOWN_STATEMENTS_READ), which the model is shown. */
async function readKnownStatements(deps: AppDeps, userId: string): Promise<string[]> {
  const rows = await executePrepared<{ statement: string }>(
    deps.database,
    sql`select statement from remembered_facts where user_id = ${userId}
        order by created_at desc limit ${KNOWN_STATEMENTS_READ}`,
  );
  return rows.map((row) => row.statement);
}

/**
 * The turns the model is asked about: those whose question may state a fact, and of a question answered more than
 * once (a new version), the newest answer only.
 */
function turnsToAsk(turns: Turn[]): Turn[] {
  const byQuestion = new Map<string, Turn>();
  for (const turn of turns) {
    if (!statesFacts(turn.question)) continue;
    // A Map keeps a key's first place: the question goes where it was first asked, with its newest answer.
    byQuestion.set(turn.question, turn);
  }
  return [...byQuestion.values()];
}

/** The model's proposals, checked: owner text rules, a real date, a known key fact, nothing already on file. */
async function noteFacts(
  deps: AppDeps,
  batch: { director: Director; turns: Turn[]; known: string[]; log: Logger; retryLater: boolean },
): Promise<Array<Omit<NewFact, "status">>> {
  const model = deps.ai.chat;
  if (!model) return [];
  let extracted: Awaited<ReturnType<typeof extractFacts>>;
  try {
    extracted = await extractFacts(model, {
      director: batch.director,
      messages: batch.turns,
      today: batch.turns.at(-1)?.day ?? isoDay(deps.now()),
      known: batch.known,
    });
  } catch (error) {
    // A reply that is not the asked-for object carries the owner's words in its error messages: only its kind is logged.
    // Asking again would most likely get the same reply, so it is not retried.
    if (NoObjectGeneratedError.isInstance(error)) {
      batch.log.warn(
        { reason: error.name, finishReason: error.finishReason },
        "facts could not be noted from an answer",
      );
    } else if (batch.retryLater) {
      throw new RetryLater("the AI service failed; the job tries again", { cause: error });
    } else {
      batch.log.warn({ err: error }, "facts could not be noted from an answer");
    }
    return [];
  }
  const seen = new Set(batch.known.map(comparable));
  const noted: Array<Omit<NewFact, "status">> = [];
  for (const fact of extracted) {
    const turn = batch.turns[fact.message];
    const statement = factStatementSchema.safeParse(fact.statement);
    if (!turn || !statement.success || seen.has(comparable(statement.data))) continue;
    seen.add(comparable(statement.data));
    const date = factDateSchema.safeParse(fact.date);
    const keyFact = findKeyFact(fact.keyFact);
    noted.push({
      statement: statement.data,
      date: date.success ? date.data : turn.day,
      directorId: batch.director.id,
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
  input: {
    userId: string;
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
  const sources = await readKnowledgeSources(deps.db, input.userId, { passages: false });
  const missing = (from: KnowledgeSources) => {
    const knowledge = knowledgeOf(input.director.id, from, input.now, input.noted);
    return touched.filter((fact) => knowledge.facts.find((state) => state.id === fact.id)?.status === "missing");
  };
  // The owner's documents are searched only for what nothing they told the directors covers.
  if (missing(sources).length === 0) return undefined;
  const [ask] = missing({ ...sources, passages: await readKeyFactPassages(deps.db, input.userId) });
  return ask && askFor(ask.id);
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
