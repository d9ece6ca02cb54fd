import { and, eq } from "drizzle-orm";
import type { DirectorKnowledge } from "../../shared/key-fact-status";
import { findKeyFact, type KeyFact } from "../../shared/key-facts";
import {
  ASK_HIDDEN_DAYS,
  type FactChangeInput,
  isoDay,
  type KeyFactAnswerInput,
  keyFactStatement,
  type NewFactInput,
  type RememberedFact,
} from "../../shared/memory";
import { messages } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import { knowledgeOf, readKnowledgeSources } from "./director-knowledge";
import { hideAsk, insertFacts, requireFact, updateFact } from "./facts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A fact the owner writes down themselves: kept at once, for every director or narrowed to one. */
export async function addOwnerFact(deps: AppDeps, userId: string, input: NewFactInput): Promise<RememberedFact> {
  const now = deps.now();
  const directorId = input.directorId ?? null;
  const [id] = await insertFacts(
    deps.db,
    userId,
    [
      {
        statement: input.statement,
        date: input.date ?? isoDay(now),
        directorId,
        onlyDirector: directorId !== null && (input.onlyDirector ?? false),
        keyFact: null,
        status: "kept",
        origin: "owner",
        sourceMessageId: null,
      },
    ],
    now,
  );
  return requireFact(deps.db, userId, id ?? "");
}

/** Keeps, dismisses or edits one of the owner's facts. */
export async function changeFact(
  deps: AppDeps,
  userId: string,
  id: string,
  change: FactChangeInput,
): Promise<RememberedFact> {
  const fact = await requireFact(deps.db, userId, id);
  // A fact meant for every director can only be narrowed to the director it came from.
  const onlyDirector = fact.directorId === null ? undefined : change.onlyDirector;
  return updateFact(deps.db, userId, id, { ...change, onlyDirector }, deps.now());
}

/** The owner's one-tap answer to a director's ask, kept as a fact; with what that director now knows. */
export async function answerKeyFact(
  deps: AppDeps,
  userId: string,
  input: KeyFactAnswerInput,
): Promise<{ fact: RememberedFact; knowledge: DirectorKnowledge }> {
  const keyFact = requireKeyFact(input.keyFact);
  const sourceMessageId = await ownAnswer(deps, userId, input);
  const now = deps.now();
  const [id] = await insertFacts(
    deps.db,
    userId,
    [
      {
        statement: keyFactStatement(keyFact.label, input.answer),
        date: isoDay(now),
        directorId: keyFact.directorId,
        onlyDirector: false,
        keyFact: keyFact.id,
        status: "kept",
        origin: "ask",
        sourceMessageId,
      },
    ],
    now,
  );
  const knowledge = knowledgeOf(keyFact.directorId, await readKnowledgeSources(deps.db, userId), now);
  return { fact: await requireFact(deps.db, userId, id ?? ""), knowledge };
}

/** "Not now": the director stops asking for this key fact for ASK_HIDDEN_DAYS. Returns until when. */
export async function hideKeyFactAsk(deps: AppDeps, userId: string, keyFactId: string): Promise<Date> {
  const keyFact = requireKeyFact(keyFactId);
  const now = deps.now();
  const until = new Date(now.getTime() + ASK_HIDDEN_DAYS * DAY_MS);
  await hideAsk(deps.db, userId, keyFact.id, until, now);
  return until;
}

function requireKeyFact(id: string): KeyFact {
  const keyFact = findKeyFact(id);
  if (!keyFact) throw new AppError("validation:memory", { fields: { keyFact: "There is no such key fact." } });
  return keyFact;
}

/** The answer the ask was shown under, if it is one of the owner's; otherwise the fact simply has no source. */
async function ownAnswer(deps: AppDeps, userId: string, input: KeyFactAnswerInput): Promise<string | null> {
  if (!input.messageId) return null;
  const [row] = await deps.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, input.messageId), eq(messages.userId, userId), eq(messages.sender, "ai")));
  return row?.id ?? null;
}
