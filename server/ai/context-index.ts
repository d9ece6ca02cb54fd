import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { type DirectorId, findDirector, isDirectorId } from "../../shared/directors";
import { ONBOARDING_FIELDS, type OnboardingData } from "../../shared/onboarding";
import { TRAINING_QUESTIONS, type TrainingAnswers } from "../../shared/training";
import type { Database, DatabaseHandle, Transaction } from "../db/client";
import { rowsOf } from "../db/rows-of";
import { businessProfiles, contextPieces, directorTrainings, userContexts } from "../db/schema";
import { piecesWithoutEmbedding, savePieceEmbeddings, settlePieceEmbeddings } from "../db/vector-store";
import type { Logger } from "../logger";
import { embedTexts } from "./embeddings";
import type { AiProvider } from "./provider";

/**
 * The per-user context index. For each trained director it keeps the spec's
 * stored context record (user_contexts: the business profile plus that
 * director's question/answer pairs), and the same material in pieces
 * (context_pieces: one per profile field under "profile", one per answered
 * question under the director's id, each embedded) for hybrid retrieval.
 */

export const PROFILE_DEPARTMENT = "profile";

/** Which stage of indexing failed; the training route maps each to its error code. */
export type IndexingStage = "read" | "embed" | "store";

export class IndexingError extends Error {
  constructor(
    readonly stage: IndexingStage,
    options: { cause: unknown },
  ) {
    super(`Context indexing failed while trying to ${stage}`, options);
    this.name = "IndexingError";
  }
}

type Piece = { department: string; sourceField: string; content: string };
type DirectorMaterial = { directorId: DirectorId; trainedAt: Date; contextText: string; pieces: Piece[] };

type IndexDeps = { db: Database; database: DatabaseHandle; ai: AiProvider; log: Logger; now: () => Date };

/**
 * Builds and stores the index for one trained director (and the profile's
 * pieces, which every director shares). Returns false when there is nothing to
 * index (blank context). Throws IndexingError with the stage that failed.
 */
export async function indexDirectorContext(deps: IndexDeps, userId: string, directorId: DirectorId): Promise<boolean> {
  return indexContext(deps, userId, [directorId]);
}

/**
 * Marks every trained director of the user as owing an index, e.g. after the
 * business profile changed (every director's context starts from it). The
 * index-context job then rebuilds them. Returns the directors marked.
 */
export async function markContextsOwed(db: Database, userId: string): Promise<DirectorId[]> {
  const rows = await db
    .update(directorTrainings)
    .set({ indexedAt: null, indexFailure: null })
    .where(eq(directorTrainings.userId, userId))
    .returning({ directorId: directorTrainings.directorId });
  return rows.map((row) => row.directorId).filter(isDirectorId);
}

/**
 * Builds the index of every director of the user that owes one (its answers
 * or the profile changed since it was last indexed). Throws IndexingError.
 */
export async function indexOwedContexts(deps: IndexDeps, userId: string): Promise<DirectorId[]> {
  let directorIds: DirectorId[];
  try {
    const rows = await deps.db
      .select({ directorId: directorTrainings.directorId })
      .from(directorTrainings)
      .where(and(eq(directorTrainings.userId, userId), isNull(directorTrainings.indexedAt)));
    directorIds = rows.map((row) => row.directorId).filter(isDirectorId);
  } catch (cause) {
    throw new IndexingError("read", { cause });
  }
  if (directorIds.length > 0) await indexContext(deps, userId, directorIds);
  return directorIds;
}

async function indexContext(deps: IndexDeps, userId: string, directorIds: DirectorId[]): Promise<boolean> {
  let profile: OnboardingData | undefined;
  let materials: DirectorMaterial[];
  try {
    profile = await readProfile(deps.db, userId);
    materials = await readMaterials(deps.db, userId, directorIds, profile);
  } catch (cause) {
    throw new IndexingError("read", { cause });
  }
  const profileItems = profile ? profilePieces(profile) : [];
  const pieces = [...profileItems, ...materials.flatMap((material) => material.pieces)];

  const { vectors } = deps.database;
  let embedded: Awaited<ReturnType<typeof embedTexts>>;
  try {
    // Without pgvector nothing is embedded: retrieval then works on full text, and the pieces are embedded in the
    // background once the server has pgvector (server/ai/embed-missing.ts).
    embedded = vectors.available
      ? await embedTexts(
          deps,
          pieces.map((piece) => piece.content),
        )
      : undefined;
  } catch (cause) {
    throw new IndexingError("embed", { cause });
  }
  const pieceEmbeddings = embedded?.embeddings;

  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      let allStored = true;
      for (const material of materials) {
        const stored = await storeUserContext(
          { db: tx, log: deps.log },
          { userId, department: material.directorId, contextText: material.contextText, createdAt: now },
        );
        allStored &&= stored;
      }
      // The profile's pieces are rewritten only when there is a profile to write.
      const departments = [...directorIds, ...(profileItems.length > 0 ? [PROFILE_DEPARTMENT] : [])];
      if (departments.length > 0) {
        await tx
          .delete(contextPieces)
          .where(and(eq(contextPieces.userId, userId), inArray(contextPieces.department, departments)));
      }
      if (pieces.length > 0) {
        const ids = pieces.map(() => randomUUID());
        await tx.insert(contextPieces).values(
          pieces.map((piece, index) => ({
            id: ids[index],
            userId,
            department: piece.department,
            sourceField: piece.sourceField,
            content: piece.content,
            createdAt: now,
          })),
        );
        if (embedded && pieceEmbeddings) {
          const model = embedded.model;
          await savePieceEmbeddings(
            tx,
            vectors,
            pieceEmbeddings.map((embedding, index) => ({ pieceId: ids[index] as string, userId, model, embedding })),
          );
        }
      }
      for (const material of materials) {
        // Only the answers this index was built from count as indexed; newer answers still owe one.
        await tx
          .update(directorTrainings)
          .set({ indexedAt: now, indexFailure: null })
          .where(
            and(
              eq(directorTrainings.userId, userId),
              eq(directorTrainings.directorId, material.directorId),
              eq(directorTrainings.trainedAt, material.trainedAt),
            ),
          );
      }
      return allStored;
    });
  } catch (cause) {
    throw new IndexingError("store", { cause });
  }
}

/** The owner's business profile, which every director's context starts from. */
async function readProfile(db: Database, userId: string): Promise<OnboardingData | undefined> {
  const [row] = await db
    .select({ answers: businessProfiles.answers })
    .from(businessProfiles)
    .where(eq(businessProfiles.userId, userId));
  return row?.answers;
}

/**
 * The spec's call 2: upserts the stored context record (one per user and
 * department). Blank context text is refused: "Empty context text provided" is
 * logged and false returned, with no row written.
 */
export async function storeUserContext(
  deps: { db: Database | Transaction; log: Logger },
  record: { userId: string; department: string; contextText: string; createdAt: Date },
): Promise<boolean> {
  if (record.contextText.trim() === "") {
    deps.log.error({ userId: record.userId, department: record.department }, "Empty context text provided");
    return false;
  }
  const { userId, department, contextText, createdAt } = record;
  await deps.db
    .insert(userContexts)
    .values({ userId, department, contextText, createdAt })
    .onConflictDoUpdate({
      target: [userContexts.userId, userContexts.department],
      set: { contextText, createdAt },
    });
  return true;
}

async function readMaterials(
  db: Database,
  userId: string,
  directorIds: DirectorId[],
  profile: OnboardingData | undefined,
): Promise<DirectorMaterial[]> {
  if (directorIds.length === 0) return [];
  const rows = await db
    .select({
      directorId: directorTrainings.directorId,
      answers: directorTrainings.answers,
      trainedAt: directorTrainings.trainedAt,
    })
    .from(directorTrainings)
    .where(and(eq(directorTrainings.userId, userId), inArray(directorTrainings.directorId, directorIds)));
  return rows.flatMap((row) => {
    if (!isDirectorId(row.directorId)) return [];
    const pieces = trainingPieces(row.directorId, row.answers);
    return [
      {
        directorId: row.directorId,
        trainedAt: row.trainedAt,
        contextText: buildContextText(profile, row.directorId, row.answers),
        pieces,
      },
    ];
  });
}

/**
 * The stored context_text: the owner's business profile, then this director's
 * questions and answers. Sections without content are left out, so a user with
 * neither gets blank text (which storing refuses).
 */
export function buildContextText(
  profile: OnboardingData | undefined,
  directorId: DirectorId,
  answers: TrainingAnswers,
): string {
  const sections: string[] = [];
  const profileLines = profile ? profilePieces(profile).map((piece) => piece.content) : [];
  if (profileLines.length > 0) sections.push(["Business profile", ...profileLines].join("\n"));
  const trainingLines = trainingPieces(directorId, answers).map((piece) => piece.content);
  const director = findDirector(directorId);
  if (trainingLines.length > 0 && director) {
    sections.push([`${director.title} training (${director.name})`, ...trainingLines].join("\n"));
  }
  return sections.join("\n\n");
}

function profilePieces(profile: OnboardingData): Piece[] {
  return ONBOARDING_FIELDS.flatMap((field) => {
    const value = profile[field.name]?.trim();
    if (!value) return [];
    return [{ department: PROFILE_DEPARTMENT, sourceField: field.name, content: `${field.label} ${value}` }];
  });
}

function trainingPieces(directorId: DirectorId, answers: TrainingAnswers): Piece[] {
  return TRAINING_QUESTIONS[directorId].flatMap((question) => {
    const value = answers[question.name]?.trim();
    if (!value) return [];
    return [{ department: directorId, sourceField: question.name, content: `${question.question} ${value}` }];
  });
}

// ---- Knowledge pieces: the owner's documents, web pages and notes (Level 2 training) ----

export const KNOWLEDGE_DEPARTMENT = "knowledge";

export type KnowledgePiece = {
  content: string;
  location: string | null;
  /** The path of headings the piece sits under, when its source has headings. */
  heading: string | null;
};

/**
 * Replaces a knowledge source's pieces with new ones, stored without
 * embeddings: full-text search finds them at once, and embedSourcePieces adds
 * the vectors. Returns how many were stored. Large sources go in slices, so
 * that no statement carries thousands of rows; outside a transaction, with
 * `between` letting waiting requests go first, the embedded database (which
 * runs every statement on the server's own thread) answers others in between.
 */
export async function replaceSourcePieces(
  db: Database | Transaction,
  input: { userId: string; sourceId: string; pieces: KnowledgePiece[]; createdAt: Date },
  between: () => Promise<void> = async () => {},
): Promise<number> {
  await db.delete(contextPieces).where(eq(contextPieces.sourceId, input.sourceId));
  for (let start = 0; start < input.pieces.length; start += PIECE_INSERT_SLICE) {
    await between();
    await db.insert(contextPieces).values(
      input.pieces.slice(start, start + PIECE_INSERT_SLICE).map((piece) => ({
        userId: input.userId,
        department: KNOWLEDGE_DEPARTMENT,
        sourceField: "document",
        content: piece.content,
        location: piece.location,
        heading: piece.heading,
        sourceId: input.sourceId,
        createdAt: input.createdAt,
      })),
    );
  }
  return input.pieces.length;
}

const PIECE_INSERT_SLICE = 100;
const EMBEDDING_WRITE_SLICE = 64;

/**
 * Embeds a source's pieces that have no vector from the configured model yet,
 * a slice at a time (each slice in the spec's batches of 512, 2 in flight,
 * under the retry policy), and reports progress after each slice. Returns the
 * number of pieces with a vector. Without pgvector or an embedding model it
 * does nothing (full-text search finds the pieces all the same). Throws the
 * provider's AiError when a batch fails for good.
 */
export async function embedSourcePieces(
  deps: Pick<IndexDeps, "db" | "database" | "ai">,
  sourceId: string,
  options: { sliceSize: number; onProgress: (done: number) => Promise<void> },
): Promise<void> {
  const { vectors } = deps.database;
  const model = deps.ai.embeddingModelName;
  if (!vectors.available || !deps.ai.embedding || !model) return;
  const owners = new Set<string>();
  for (;;) {
    const missing = await piecesWithoutEmbedding(deps.db, vectors, { model, limit: options.sliceSize, sourceId });
    if (missing.length === 0) {
      await settlePieceEmbeddings(deps.db, vectors, owners);
      return;
    }
    for (const piece of missing) owners.add(piece.userId);
    const embedded = await embedTexts(
      deps,
      missing.map((piece) => piece.text),
    );
    if (!embedded) return;
    // A few statements per slice, not one per piece (thousands of single-row writes cost far more in the embedded
    // database) and not one for all (a statement carrying a thousand vectors as text swells the database's memory,
    // and holds the embedded database, which runs on the server's own thread, from everyone else's requests).
    for (let start = 0; start < missing.length; start += EMBEDDING_WRITE_SLICE) {
      await new Promise((resolve) => setImmediate(resolve));
      await savePieceEmbeddings(
        deps.db,
        vectors,
        missing.slice(start, start + EMBEDDING_WRITE_SLICE).map((piece, index) => ({
          pieceId: piece.id,
          userId: piece.userId,
          model: embedded.model,
          embedding: embedded.embeddings[start + index] ?? [],
        })),
      );
    }
    const [counted] = rowsOf<{ done: number }>(
      await deps.db.execute(sql`
        select count(*)::int as done from context_pieces p
        join context_piece_embeddings e on e.piece_id = p.id
        where p.source_id = ${sourceId} and e.model = ${model}`),
    );
    await options.onProgress(counted?.done ?? 0);
  }
}
