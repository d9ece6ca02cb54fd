import { and, eq, inArray } from "drizzle-orm";
import { type DirectorId, findDirector, isDirectorId } from "../../shared/directors";
import { ONBOARDING_FIELDS, type OnboardingData } from "../../shared/onboarding";
import { TRAINING_QUESTIONS, type TrainingAnswers } from "../../shared/training";
import type { Database } from "../db/client";
import { contextPieces, directorTrainings, userContexts } from "../db/schema";
import type { AppDeps } from "../deps";
import { getBusinessProfile } from "../routes/onboarding/business-profile";
import { embedTexts } from "./embeddings";

/**
 * The per-user context index. For each trained director it keeps the spec's
 * stored context record (user_contexts: the business profile plus that
 * director's question/answer pairs, with one embedding), and the same material
 * in pieces (context_pieces: one per profile field under "profile", one per
 * answered question under the director's id) for hybrid retrieval.
 */

export const PROFILE_DEPARTMENT = "profile";

/**
 * text-embedding-3-small reads at most 8,191 tokens. Ten long answers plus the
 * profile can exceed that, so the whole-record embedding reads the first part;
 * the pieces carry everything.
 */
const CONTEXT_EMBEDDING_MAX_CHARS = 24_000;

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
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

type IndexDeps = Pick<AppDeps, "db" | "ai" | "log" | "now">;

/**
 * Builds and stores the index for one trained director (and the profile's
 * pieces, which every director shares). Returns false when there is nothing to
 * index (blank context). Throws IndexingError with the stage that failed.
 */
export async function indexDirectorContext(deps: IndexDeps, userId: string, directorId: DirectorId): Promise<boolean> {
  return indexContext(deps, userId, [directorId]);
}

/**
 * Re-indexes every trained director of the user, e.g. after the business
 * profile changed. Each director is first marked as owing an index, so a
 * failure here is retried by that director's next training submit. Does
 * nothing when the context feature is off. Throws IndexingError.
 */
export async function reindexUserContexts(deps: IndexDeps & Pick<AppDeps, "env">, userId: string): Promise<boolean> {
  if (!deps.env.CONTEXT_ENABLED) return false;
  let directorIds: DirectorId[];
  try {
    const rows = await deps.db
      .update(directorTrainings)
      .set({ indexedAt: null })
      .where(eq(directorTrainings.userId, userId))
      .returning({ directorId: directorTrainings.directorId });
    directorIds = rows.map((row) => row.directorId).filter(isDirectorId);
  } catch (cause) {
    throw new IndexingError("read", { cause });
  }
  return indexContext(deps, userId, directorIds);
}

async function indexContext(deps: IndexDeps, userId: string, directorIds: DirectorId[]): Promise<boolean> {
  let profile: OnboardingData | undefined;
  let materials: DirectorMaterial[];
  try {
    profile = await getBusinessProfile(deps.db, userId);
    materials = await readMaterials(deps.db, userId, directorIds, profile);
  } catch (cause) {
    throw new IndexingError("read", { cause });
  }
  const profileItems = profile ? profilePieces(profile) : [];
  const pieces = [...profileItems, ...materials.flatMap((material) => material.pieces)];
  const wholeRecords = materials.map((material) => material.contextText.slice(0, CONTEXT_EMBEDDING_MAX_CHARS));

  let embedded: Awaited<ReturnType<typeof embedTexts>>;
  try {
    embedded = await embedTexts(deps, [...wholeRecords, ...pieces.map((piece) => piece.content)]);
  } catch (cause) {
    throw new IndexingError("embed", { cause });
  }
  const recordEmbeddings = embedded?.embeddings.slice(0, wholeRecords.length);
  const pieceEmbeddings = embedded?.embeddings.slice(wholeRecords.length);

  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      let allStored = true;
      for (const [index, material] of materials.entries()) {
        const stored = await storeUserContext(
          { db: tx, log: deps.log },
          {
            userId,
            department: material.directorId,
            contextText: material.contextText,
            embedding: recordEmbeddings?.[index] ?? null,
            createdAt: now,
          },
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
        await tx.insert(contextPieces).values(
          pieces.map((piece, index) => ({
            userId,
            department: piece.department,
            sourceField: piece.sourceField,
            content: piece.content,
            embedding: pieceEmbeddings?.[index] ?? null,
            embeddingModel: embedded?.model ?? null,
            createdAt: now,
          })),
        );
      }
      for (const material of materials) {
        // Only the answers this index was built from count as indexed; newer answers still owe one.
        await tx
          .update(directorTrainings)
          .set({ indexedAt: now })
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

/**
 * The spec's call 2: upserts the stored context record (one per user and
 * department). Blank context text is refused: "Empty context text provided" is
 * logged and false returned, with no row written.
 */
export async function storeUserContext(
  deps: { db: Database | Transaction; log: AppDeps["log"] },
  record: { userId: string; department: string; contextText: string; embedding: number[] | null; createdAt: Date },
): Promise<boolean> {
  if (record.contextText.trim() === "") {
    deps.log.error({ userId: record.userId, department: record.department }, "Empty context text provided");
    return false;
  }
  await deps.db
    .insert(userContexts)
    .values(record)
    .onConflictDoUpdate({
      target: [userContexts.userId, userContexts.department],
      set: { contextText: record.contextText, embedding: record.embedding, createdAt: record.createdAt },
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
