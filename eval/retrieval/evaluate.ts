import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { embedSourcePieces, replaceSourcePieces } from "../../server/ai/context-index";
import { embedTexts } from "../../server/ai/embeddings";
import {
  type QueryEmbedding,
  type RetrievalMode,
  type RetrievedPiece,
  searchPieces,
  searchQueries,
  searchTexts,
} from "../../server/ai/retrieval";
import { knowledgeSources } from "../../server/db/schema";
import type { AppDeps } from "../../server/deps";
import type { Env } from "../../server/env";
import { chunkSections, normalizeLine } from "../../server/knowledge/chunk-text";
import { detectFormat } from "../../server/knowledge/detect-format";
import { extractCsv } from "../../server/knowledge/extract/extract-csv";
import { extractSource } from "../../server/knowledge/extract/extract-source";

/**
 * The retrieval evaluation (README.md beside this file): the documents of a
 * fictional bakery go through the knowledge pipeline's own extraction,
 * chunking and embedding into one owner's index; each question is then
 * searched as the chat searches it (follow-ups with their history), and a
 * retrieved piece counts as relevant when it comes from the answer's document
 * and holds the answer's quote, normalised as ingestion normalises text.
 */

const ROOT = path.dirname(fileURLToPath(import.meta.url));
export const EVAL_KS = [1, 3, 6, 10] as const;
const RETRIEVED = Math.max(...EVAL_KS);

export type EvalKind = "lexical" | "paraphrase" | "follow-up" | "table" | "multi";
export type EvalAnswer = { document: string; quote: string };
export type EvalQuestion = {
  id: string;
  question: string;
  history?: string[];
  kind: EvalKind;
  director: string;
  answers: EvalAnswer[];
};

export type EvalSet = { documents: Array<{ name: string; bytes: Uint8Array }>; questions: EvalQuestion[] };

export function loadEvalSet(): EvalSet {
  const folder = path.join(ROOT, "documents");
  const documents = fs
    .readdirSync(folder)
    .sort()
    .map((name) => ({ name, bytes: new Uint8Array(fs.readFileSync(path.join(folder, name))) }));
  const questions = JSON.parse(fs.readFileSync(path.join(ROOT, "questions.json"), "utf8")) as EvalQuestion[];
  return { documents, questions };
}

type EvalDeps = Pick<AppDeps, "db" | "database" | "ai" | "env" | "log">;

/** Reads, splits and embeds every document into the owner's index, as a knowledge upload would; returns the piece count. */
export async function ingestEvalSet(deps: EvalDeps, userId: string, set: EvalSet): Promise<number> {
  let pieces = 0;
  for (const document of set.documents) {
    const detected = detectFormat(document.name, document.bytes);
    if (!detected) throw new Error(`${document.name}: not a knowledge format`);
    const extracted = await extractSource(detected.format, document.bytes);
    const chunks = chunkSections(extracted.sections);
    const [source] = await deps.db
      .insert(knowledgeSources)
      .values({
        userId,
        kind: "file",
        format: detected.format,
        name: document.name,
        sizeBytes: document.bytes.length,
        status: "ready",
        piecesTotal: chunks.length,
        piecesDone: chunks.length,
      })
      .returning({ id: knowledgeSources.id });
    if (!source) throw new Error("the source was not stored");
    await replaceSourcePieces(deps.db, { userId, sourceId: source.id, pieces: chunks, createdAt: new Date() });
    await embedSourcePieces(deps, source.id, { sliceSize: 1024, onProgress: async () => undefined });
    pieces += chunks.length;
  }
  return pieces;
}

/**
 * What a piece must contain to hold the answer: the quote as ingestion writes
 * it. Text lines are normalised like the chunker's; a spreadsheet's row is
 * read as the CSV reader reads it ("column: value; …") and the quoted row must
 * be there whole.
 */
export function expectedText(answer: EvalAnswer, set: EvalSet): string {
  if (!answer.document.endsWith(".csv")) return normalizeLine(answer.quote);
  const document = set.documents.find((item) => item.name === answer.document);
  const lines = new TextDecoder().decode(document?.bytes).split(/\r?\n/);
  const row = lines.find((line) => line.includes(answer.quote));
  if (!row) throw new Error(`${answer.document}: quote not found`);
  const text = extractCsv(`${lines[0]}\n${row}`).sections[0]?.text ?? "";
  return normalizeLine(text);
}

export type ModeResult = {
  mode: string;
  /** Mean recall at each of EVAL_KS. */
  recall: Record<(typeof EVAL_KS)[number], number>;
  mrr: number;
  /** Recall at 6 by kind of question. */
  byKind: Record<EvalKind, number>;
  /** Questions with not one relevant piece in the first 6. */
  missed: string[];
};

type Variant = { name: string; mode: RetrievalMode; history: (question: EvalQuestion, index: number) => string[] };

/**
 * The three rankings (full text alone, vectors alone, both fused), and the
 * fused one again with an unrelated earlier question before every question
 * that is not a follow-up (a conversation that changes topic must still find
 * the new topic's passages).
 */
export const VARIANTS: Variant[] = [
  { name: "full text", mode: "text", history: (question) => question.history ?? [] },
  { name: "vectors", mode: "vector", history: (question) => question.history ?? [] },
  { name: "hybrid", mode: "hybrid", history: (question) => question.history ?? [] },
];

export function topicChangeVariant(set: EvalSet): Variant {
  const standalone = set.questions.filter((question) => question.kind !== "follow-up");
  return {
    name: "hybrid, after another topic",
    mode: "hybrid",
    history: (question, index) => {
      if (question.history) return question.history;
      // A question about other documents, picked the same way every run.
      const documents = new Set(question.answers.map((answer) => answer.document));
      for (let step = 37; step < 37 + standalone.length; step++) {
        const other = standalone[(index + step) % standalone.length];
        if (other?.answers.every((answer) => !documents.has(answer.document))) return [other.question];
      }
      return [];
    },
  };
}

/** Runs every question through each variant and scores the results. */
export async function evaluate(
  deps: EvalDeps,
  input: { userId: string; set: EvalSet; variants: Variant[] },
): Promise<ModeResult[]> {
  const { set } = input;
  const expected = new Map(set.questions.map((question) => [question.id, relevanceOf(question, set)]));
  const embed = await questionEmbeddings(
    deps,
    input.variants.flatMap((variant) =>
      set.questions.flatMap((question, index) => textsToEmbed(question, variant.history(question, index))),
    ),
  );
  const results: ModeResult[] = [];
  for (const variant of input.variants) {
    const scored: Array<{ question: EvalQuestion; recall: number[]; reciprocalRank: number }> = [];
    for (const [index, question] of set.questions.entries()) {
      const queries = await searchQueries(question.question, variant.history(question, index), async (text) =>
        embed(text),
      );
      const pieces = await searchPieces(deps.database, {
        userId: input.userId,
        directorId: question.director,
        queries,
        threshold: deps.env.RETRIEVAL_PIECE_THRESHOLD,
        count: RETRIEVED,
        mode: variant.mode,
      });
      scored.push({ question, ...score(question, pieces, expected.get(question.id) ?? []) });
    }
    results.push(summarise(variant.name, scored));
  }
  return results;
}

type Relevance = { sourceName: string; text: string };

function relevanceOf(question: EvalQuestion, set: EvalSet): Relevance[] {
  return question.answers.map((answer) => ({ sourceName: answer.document, text: expectedText(answer, set) }));
}

function holds(piece: RetrievedPiece, answer: Relevance): boolean {
  return piece.sourceName === answer.sourceName && piece.content.includes(answer.text);
}

/**
 * Recall at each k and the reciprocal rank of the first relevant piece. A
 * multi question needs all its answers (recall is the share found); for the
 * others the answers are alternatives (any one is a hit).
 */
function score(question: EvalQuestion, pieces: RetrievedPiece[], answers: Relevance[]) {
  const recall = EVAL_KS.map((k) => {
    const top = pieces.slice(0, k);
    const found = answers.filter((answer) => top.some((piece) => holds(piece, answer))).length;
    if (question.kind === "multi") return found / answers.length;
    return found > 0 ? 1 : 0;
  });
  const first = pieces.findIndex((piece) => answers.some((answer) => holds(piece, answer)));
  return { recall, reciprocalRank: first === -1 ? 0 : 1 / (first + 1) };
}

function summarise(
  mode: string,
  scored: Array<{ question: EvalQuestion; recall: number[]; reciprocalRank: number }>,
): ModeResult {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / (values.length || 1);
  const at6 = EVAL_KS.indexOf(6);
  const kinds: EvalKind[] = ["lexical", "paraphrase", "follow-up", "table", "multi"];
  return {
    mode,
    recall: Object.fromEntries(
      EVAL_KS.map((k, index) => [k, mean(scored.map((item) => item.recall[index] ?? 0))]),
    ) as ModeResult["recall"],
    mrr: mean(scored.map((item) => item.reciprocalRank)),
    byKind: Object.fromEntries(
      kinds.map((kind) => [
        kind,
        mean(scored.filter((item) => item.question.kind === kind).map((item) => item.recall[at6] ?? 0)),
      ]),
    ) as ModeResult["byKind"],
    missed: scored.filter((item) => (item.recall[at6] ?? 0) === 0).map((item) => item.question.id),
  };
}

function textsToEmbed(question: EvalQuestion, history: string[]): string[] {
  return searchTexts(question.question, history);
}

/**
 * Every text's embedding asked for in one go (the spec's batches, through the
 * test AI server), then looked up; a text not asked for is embedded on its own.
 */
async function questionEmbeddings(deps: EvalDeps, texts: string[]) {
  const unique = [...new Set(texts)];
  const embedded = await embedTexts(deps, unique);
  const known = new Map<string, QueryEmbedding>();
  for (const [index, text] of unique.entries()) {
    const vector = embedded?.embeddings[index];
    if (embedded && vector) known.set(text, { model: embedded.model, vector });
  }
  return async (text: string): Promise<QueryEmbedding | undefined> => {
    const found = known.get(text);
    if (found || !deps.ai.embedding) return found;
    const one = await embedTexts(deps, [text]);
    const vector = one?.embeddings[0];
    return one && vector ? { model: one.model, vector } : undefined;
  };
}

/** The owner the documents belong to (a user row is all the index needs). */
export async function createEvalOwner(deps: Pick<AppDeps, "db">, userId = "eval-owner"): Promise<string> {
  await deps.db.execute(sql`
    insert into "user" (id, name, email) values (${userId}, 'Claire Ashworth', ${`${userId}@larkspur.example`})
  `);
  return userId;
}

/**
 * Which embeddings a report used: the test AI server's hashed words, or the configured provider's model, named by
 * its host alone (a base URL may carry credentials; the key is never part of it).
 */
export function describeEmbeddings(env: Env, from: "test server" | "provider"): string {
  const size = `${env.EMBEDDING_DIMENSIONS} dimensions`;
  if (from === "test server") return `${env.EMBEDDING_MODEL} from the test AI server (hashed words, ${size})`;
  return `${env.EMBEDDING_MODEL} from the configured provider at ${new URL(env.AI_BASE_URL).host} (${size})`;
}

export function formatResults(results: ModeResult[]): string {
  const header = `${"".padEnd(28)}${EVAL_KS.map((k) => `recall@${k}`.padStart(11)).join("")}${"MRR".padStart(8)}`;
  const rows = results.map(
    (result) =>
      `${result.mode.padEnd(28)}${EVAL_KS.map((k) => result.recall[k].toFixed(3).padStart(11)).join("")}${result.mrr
        .toFixed(3)
        .padStart(8)}`,
  );
  const kinds = results.map(
    (result) =>
      `${result.mode.padEnd(28)}${Object.entries(result.byKind)
        .map(([kind, value]) => `${kind} ${value.toFixed(3)}`)
        .join(", ")}`,
  );
  return [header, ...rows, "", "recall@6 by kind of question:", ...kinds].join("\n");
}
