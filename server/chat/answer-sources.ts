import { sql } from "drizzle-orm";
import { type AnswerSource, type AnswerSourceState, citedNumbers } from "../../shared/answer-sources";
import type { ChatMessage } from "../../shared/chat";
import type { ContextBlock } from "../ai/context-blocks";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows-of";

/**
 * An answer's sources: every block it was sent, as it was sent, each marked
 * cited or not by the answer's markers. Stored in the answer's metadata, so
 * it outlives later edits of the profile, the training or the documents.
 */
export function sourcesOf(blocks: readonly ContextBlock[], answer: string): AnswerSource[] {
  const cited = new Set(citedNumbers(answer));
  return blocks.map((block) => ({ ...block, cited: cited.has(block.n) }));
}

/** The sources stored in an answer's metadata, or undefined for an answer stored without (older ones, canned replies). */
export function storedSources(metadata: unknown): AnswerSource[] | undefined {
  const sources = (metadata as { sources?: unknown } | null)?.sources;
  return Array.isArray(sources) ? (sources as AnswerSource[]) : undefined;
}

/**
 * Marks each source of these answers as it stands now: "removed" when the
 * document is gone or the profile field or training answer is empty,
 * "changed" when it no longer says what the answer was given, otherwise
 * "current". A remembered fact is "removed" once the owner deletes or
 * dismisses it. At most three queries however many answers; only this
 * owner's rows.
 */
export async function markSourceStates(db: Database, userId: string, messages: ChatMessage[]): Promise<void> {
  const sources = messages.flatMap((message) => message.sources ?? []);
  if (sources.length === 0) return;
  const sourceIds = [...new Set(sources.flatMap((source) => (source.sourceId ? [source.sourceId] : [])))];
  const excerpts = [...new Set(sources.flatMap((source) => (source.kind === "document" ? [source.excerpt] : [])))];
  const factIds = [...new Set(sources.flatMap((source) => (source.factId ? [source.factId] : [])))];
  const documents = sourceIds.length
    ? rowsOf<{ id: string; excerpts: string[] | null }>(
        await db.execute(sql`
          select s.id, array(
            select p.content from context_pieces p
            where p.source_id = s.id and p.content = any(string_to_array(${excerpts.join("\u001f")}, chr(31)))
          ) as excerpts
          from knowledge_sources s
          where s.user_id = ${userId} and s.id = any(string_to_array(${sourceIds.join(",")}, ',')::uuid[])
        `),
      )
    : [];
  const [owner] = rowsOf<OwnerNow>(
    await db.execute(sql`
      select (select answers from business_profiles where user_id = ${userId}) as profile,
        (select json_object_agg(director_id, answers) from director_trainings where user_id = ${userId}) as trainings,
        (select json_object_agg(id, statement) from remembered_facts
          where user_id = ${userId} and status = 'kept'
            and id = any(string_to_array(${factIds.join(",")}, ',')::uuid[])) as facts
    `),
  );
  const present = new Map(documents.map((row) => [row.id, new Set(row.excerpts ?? [])]));
  for (const source of sources) source.state = stateOf(source, present, owner);
}

/** The owner's profile, training answers and kept facts as they are now. */
type OwnerNow = {
  profile: Record<string, string> | null;
  trainings: Record<string, Record<string, string>> | null;
  facts: Record<string, string> | null;
};

function stateOf(
  source: AnswerSource,
  documents: Map<string, Set<string>>,
  owner: OwnerNow | undefined,
): AnswerSourceState {
  if (source.kind === "document") {
    const excerpts = source.sourceId ? documents.get(source.sourceId) : undefined;
    if (!excerpts) return "removed";
    return excerpts.has(source.excerpt) ? "current" : "changed";
  }
  if (source.kind === "memory" && source.factId) {
    const statement = owner?.facts?.[source.factId];
    if (statement === undefined) return "removed";
    return statement.trim() === source.excerpt ? "current" : "changed";
  }
  const now =
    source.kind === "profile" && source.field
      ? owner?.profile?.[source.field]
      : source.kind === "training" && source.directorId && source.field
        ? owner?.trainings?.[source.directorId]?.[source.field]
        : undefined;
  if (source.kind === "memory" || !source.field) return "current";
  if (!now?.trim()) return "removed";
  return now.trim() === source.excerpt ? "current" : "changed";
}
