import type { SQL } from "drizzle-orm";
import type { Director } from "../../shared/directors";
import { isoDay } from "../../shared/memory";
import type { OnboardingData } from "../../shared/onboarding";
import type { TrainingAnswers } from "../../shared/training";
import type { AppDeps } from "../deps";
import type { Logger } from "../logger";
import type { BusinessContext } from "./chat-prompt";
import { numberContext } from "./context-blocks";
import { PROFILE_DEPARTMENT } from "./context-index";
import { metricsInContext } from "./metrics-in-context";
import { factsForDirector, type RememberedFactInContext } from "./remembered-facts";
import { piecesInScope, type QuestionSearch } from "./retrieval";

export type DirectorContextInput = {
  userId: string;
  director: Director;
  /** The owner's business profile and this director's training answers, as the caller already read them. */
  profile: OnboardingData | undefined;
  trainingAnswers: TrainingAnswers | undefined;
  /** The question's search (startSearch), started by the caller; none when there is nothing to search. */
  search: QuestionSearch | undefined;
  /** The kept facts, if the caller already read them (a chat turn reads them with its state); otherwise read here. */
  facts?: RememberedFactInContext[];
  /** Whether the owner keeps any metrics, if the caller already knows (a chat turn reads it with its state). */
  hasMetrics?: boolean;
};

/** The departments a director's context sends whole, so retrieval does not spend its slots on them. */
function sentWhole(directorId: string): string[] {
  return [PROFILE_DEPARTMENT, directorId];
}

/**
 * Whether retrieval could find anything for this director, as an SQL boolean to read with other state: any of the
 * owner's pieces beyond the profile and this director's own answers, from sources this director may use.
 */
export function retrievableFor(userId: string, directorId: string): SQL {
  return piecesInScope({ userId, directorId, skipDepartments: sentWhole(directorId) });
}

/**
 * Everything one director knows that bears on one question: the owner's
 * profile and this director's training answers (always, they are small), the
 * facts the owner has kept (newest first, as many as the memory budget allows),
 * plus the pieces of everything larger that retrieval finds for the question, all
 * numbered as the blocks the answer cites ([1], [2], …) within the token budget. The
 * one place that assembles a director's context: a chat turn and a board
 * meeting both ask it.
 *
 * If retrieval or the remembered facts fail, the director answers with what it has (spec section 7).
 */
export async function gatherDirectorContext(
  deps: AppDeps,
  input: DirectorContextInput,
  log: Logger,
): Promise<BusinessContext> {
  const facts =
    input.facts ??
    factsForDirector(deps.db, input.userId, input.director.id).catch((error: unknown) => {
      log.warn({ err: error }, "remembered facts could not be read; answering without them");
      return [];
    });
  // The owner's numbers are read beside the facts and the search; without them the director answers with the rest.
  const numbers =
    input.hasMetrics === false
      ? []
      : metricsInContext(deps.db, {
          userId: input.userId,
          directorId: input.director.id,
          now: deps.now(),
        }).catch((error: unknown) => {
          log.warn({ err: error }, "the owner's numbers could not be read; answering without them");
          return [];
        });
  const pieces = input.search ? await retrievedPieces(input.search, input.director, log) : [];
  const context = {
    profile: input.profile,
    trainingAnswers: input.trainingAnswers,
    facts: await facts,
    numbers: await numbers,
    today: isoDay(deps.now()),
    pieces,
  };
  return { ...context, blocks: numberContext(input.director, context) };
}

/** What retrieval finds for the question; none if it fails (the director answers with the rest). */
async function retrievedPieces(
  search: QuestionSearch,
  director: Director,
  log: Logger,
): Promise<BusinessContext["pieces"]> {
  try {
    // The profile and this director's answers go with every question whole: retrieval's slots are for the rest
    // (other directors' answers, the owner's documents).
    return await search.rank({ directorId: director.id, skipDepartments: sentWhole(director.id) });
  } catch (error) {
    log.warn({ err: error }, "context retrieval failed; answering without it");
    return [];
  }
}
