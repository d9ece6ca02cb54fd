import { sql } from "drizzle-orm";
import type { DirectorId } from "../../shared/directors";
import type { AnswerMemory, ConversationMemory } from "../../shared/memory";
import { requireConversation } from "../chat/conversations";
import { rowsOf } from "../db/rows-of";
import type { AppDeps } from "../deps";
import { knowledgeOf, readKnowledgeSources } from "./director-knowledge";
import { readFacts, readMemorySettings } from "./facts";
import { askFor, type StoredAnswerMemory } from "./learn-from-conversation";

/**
 * How long after the pause that starts learning (LEARNING_PAUSE_SECONDS after a conversation's last answer) its facts
 * may still be being noted: the browser keeps asking until then. Past it, an answer never looked at simply shows
 * nothing.
 */
export const NOTING_WINDOW_MS = 60_000;

/** Facts are noted from conversations when there is a model to ask and the context feature uses what is kept. */
export function notesFacts(deps: Pick<AppDeps, "ai" | "env">): boolean {
  return deps.ai.chat !== undefined && deps.env.CONTEXT_ENABLED;
}

type AnswerRow = {
  id: string;
  status: string;
  errorCode: string | null;
  updatedAt: Date | string;
  memory: StoredAnswerMemory | null;
};

/**
 * What each answer of a conversation learned: the facts noted from its turn
 * (proposed or kept; dismissed ones are gone from view), whether they are
 * still being noted, and, on the conversation's last answer only, the key fact
 * the director asks for while nobody has told it and the owner has not said
 * "Not now".
 */
export async function conversationMemory(
  deps: AppDeps,
  userId: string,
  conversationId: string,
): Promise<ConversationMemory> {
  const conversation = await requireConversation(deps.db, userId, conversationId);
  const result = await deps.db.execute(sql`
    select id, status, error_code as "errorCode", updated_at as "updatedAt", metadata -> 'memory' as memory
    from messages
    where conversation_id = ${conversationId} and user_id = ${userId} and sender = 'ai'
    order by created_at`);
  const rows = rowsOf<AnswerRow>(result);
  const now = deps.now();
  // A turn puts off learning from the whole conversation, so its answers wait for the pause after the last one.
  const lastEnded = Math.max(0, ...rows.map((row) => new Date(row.updatedAt).getTime()));
  const noting = now.getTime() - lastEnded < deps.env.LEARNING_PAUSE_SECONDS * 1000 + NOTING_WINDOW_MS;
  const facts = await readFacts(deps.db, userId, {
    statuses: ["proposed", "kept"],
    sourceMessageIds: rows.map((row) => row.id),
  });

  const answers: Record<string, AnswerMemory> = {};
  for (const row of rows) {
    const noted = facts.filter((fact) => fact.source?.messageId === row.id && fact.origin === "chat");
    const pending = !row.memory && row.status === "complete" && row.errorCode === null && notesFacts(deps) && noting;
    if (pending || noted.length > 0) answers[row.id] = { state: pending ? "pending" : "done", facts: noted, ask: null };
  }

  const last = rows.at(-1);
  const ask = askFor(last?.memory?.ask);
  if (last && ask) {
    const [sources, settings] = await Promise.all([
      readKnowledgeSources(deps.db, userId),
      readMemorySettings(deps.db, userId),
    ]);
    const knowledge = knowledgeOf(conversation.directorId as DirectorId, sources, now);
    const stillMissing = knowledge.facts.find((fact) => fact.id === ask.keyFact)?.status === "missing";
    const hidden = Date.parse(settings.asksHiddenUntil[ask.keyFact] ?? "") > now.getTime();
    if (stillMissing && !hidden) {
      answers[last.id] = { ...(answers[last.id] ?? { state: "done", facts: [] }), ask };
    }
  }
  return { answers };
}
