import { sql } from "drizzle-orm";
import { withoutCitations } from "../../shared/answer-sources";
import { type AnswerAuthor, HIGHLIGHT_END, HIGHLIGHT_START, type SearchHit } from "../../shared/chat";
import type { Database } from "../db/client";

/** Search results shown at once. */
export const SEARCH_RESULT_LIMIT = 20;

/**
 * Every word of the search box as a prefix, all required: "insta budg"
 * finds "Instagram budget". Only letters and digits reach the query, so
 * nothing the owner types can change its syntax.
 */
export function prefixQuery(text: string): string | undefined {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return undefined;
  return words
    .slice(0, 12)
    .map((word) => `${word}:*`)
    .join(" & ");
}

type HitRow = {
  message_id: string;
  conversation_id: string;
  director_id: string;
  author: string | null;
  kind: string;
  title: string | null;
  sender: "user" | "ai";
  created_at: Date | string;
  snippet: string;
};

/**
 * Full-text search over the owner's own messages as their conversations show
 * them (other versions and deleted conversations are left out): best matches
 * first, newest first among equals, each with the matching words marked. Fragments of a snippet are joined by " … "
 * (chr(8230), the ellipsis, written so to keep the server bundle Latin-1: scripts/build-server.mjs).
 */
export async function searchMessages(db: Database, userId: string, text: string): Promise<SearchHit[]> {
  const query = prefixQuery(text);
  if (!query) return [];
  const result = await db.execute(sql`
    with query as (select to_tsquery('english', ${query}) as q),
    hits as (
      select m.id, m.conversation_id, m.sender, m.created_at, m.content, c.kind, c.title, c.director_id,
        m.director_id as author,
        ts_rank_cd(m.search_vector, query.q) as rank
      from messages m
      join conversations c on c.id = m.conversation_id and c.deleted_at is null
      cross join query
      where m.user_id = ${userId} and m.search_vector @@ query.q and m.shown
        and (m.sender = 'user' or exists (select 1 from messages q where q.id = m.reply_to and q.shown))
      order by rank desc, m.created_at desc
      limit ${SEARCH_RESULT_LIMIT}
    )
    select hits.id as message_id, hits.conversation_id, hits.director_id, hits.author, hits.kind, hits.title,
      hits.sender, hits.created_at,
      ts_headline('english', hits.content, query.q,
        'MaxWords=28, MinWords=10, MaxFragments=2, FragmentDelimiter=" ' || chr(8230) || ' ", StartSel=' || chr(2) || ', StopSel=' || chr(3))
        as snippet
    from hits cross join query
    order by hits.rank desc, hits.created_at desc
  `);
  return (result as unknown as { rows: HitRow[] }).rows.map((row) => ({
    conversationId: row.conversation_id,
    messageId: row.message_id,
    directorId: row.director_id as AnswerAuthor,
    kind: row.kind,
    ...(row.author ? { author: row.author as AnswerAuthor } : {}),
    conversationTitle: row.title ?? "New conversation",
    sender: row.sender,
    snippet: plainSnippet(row.snippet).replaceAll("\u0002", HIGHLIGHT_START).replaceAll("\u0003", HIGHLIGHT_END),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/**
 * A passage of an answer as a search result reads it: the words without the
 * Markdown around them (emphasis, headings, list marks, table pipes, links)
 * or citation markers. The highlight marks (control characters) stay.
 */
export function plainSnippet(markdown: string): string {
  return withoutCitations(markdown)
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__|\*|`+|~~)/g, "")
    .replace(/(^|\n)\s*(#{1,6}\s+|>\s?|[-+]\s+|\d+[.)]\s+)/g, "$1")
    .replace(/(^|\n)[ \t]*\|?[ \t:|-]*-[ \t:|-]*\|?[ \t]*(?=\n|$)/g, "$1")
    .replace(/\s*(\|\s*)+/g, " · ")
    .replace(/(^ · | · $)/gm, "")
    .replace(/\s+/g, " ")
    .trim();
}
