import { DIRECTOR_IDS, type Director, type DirectorId } from "../../shared/directors";
import { ONBOARDING_FIELDS, type OnboardingData } from "../../shared/onboarding";
import { TRAINING_QUESTIONS } from "../../shared/training";
import {
  documentSourceLabel,
  FACT_SOURCE_LABEL,
  ONBOARDING_SOURCE_LABEL,
  type TrainingDraft,
  type TrainingDraftSource,
  WEBSITE_SOURCE_LABEL,
} from "../../shared/training-draft";
import { cleanDraftText } from "../../shared/website-draft";
import { PROFILE_LABELS } from "../ai/context-blocks";
import { PROFILE_DEPARTMENT } from "../ai/context-index";
import { type DraftedTrainingAnswer, type DraftSourceText, draftTrainingAnswers } from "../ai/draft-training";
import { factsForDirector } from "../ai/remembered-facts";
import { startSearch } from "../ai/retrieval";
import { classifyAiError } from "../ai/retry";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import { throttleHourly } from "../http/rate-limit";
import type { Logger } from "../logger";
import { getBusinessProfile } from "../profile/business-profile";
import { readWebsite } from "../profile/read-website";

/** Each draft costs a model call (and maybe a fetch of the owner's site): this many per owner per hour. */
export const TRAINING_DRAFTS_PER_HOUR = 20;
/** How much of the website's text, how many knowledge passages and remembered facts go to the model. */
const WEBSITE_TEXT_CHARS = 8_000;
const PASSAGES = 12;
const FACTS = 40;
const ANSWER_MAX_CHARS = 5_000;

type Material = DraftSourceText & { source: TrainingDraftSource };

/**
 * Drafts a director's ten training answers from everything the owner already
 * gave. Every kept answer cites a source that was sent; an answer citing
 * nothing, or a source that was not sent, is dropped and stays empty for the
 * owner. Nothing is stored, and none of the owner's material is logged.
 */
export async function draftTraining(
  deps: AppDeps,
  request: { userId: string; director: Director; website: string | undefined; log: Logger; signal: AbortSignal },
): Promise<TrainingDraft> {
  const { userId, director, log, signal } = request;
  if (!deps.ai.configured) throw new AppError("training:no_ai_service");
  await throttleHourly(deps, {
    key: `training-draft:user:${userId}`,
    limit: TRAINING_DRAFTS_PER_HOUR,
    code: "rate_limit:training_draft",
  });

  const material = await gatherMaterial(deps, request);
  const empty = emptyDraft(director.id);
  if (material.length === 0) return empty;

  let drafted: Record<string, DraftedTrainingAnswer>;
  try {
    drafted = await draftTrainingAnswers(deps.ai, { director, sources: material }, signal);
  } catch (raw) {
    const error = classifyAiError(raw);
    if (signal.aborted) log.info("the owner stopped drafting training answers");
    else log.warn({ tag: error.tag, status: error.status }, "drafting training answers failed");
    throw new AppError("training:draft_failed");
  }
  const draft = keepCited(empty, drafted, material);
  log.info(
    { sources: material.length, drafted: Object.values(draft.sources).filter(Boolean).length },
    "training answers drafted",
  );
  return draft;
}

function emptyDraft(directorId: DirectorId): TrainingDraft {
  const names = TRAINING_QUESTIONS[directorId].map((question) => question.name);
  return {
    directorId,
    answers: Object.fromEntries(names.map((name) => [name, ""])),
    sources: Object.fromEntries(names.map((name) => [name, null])),
  };
}

/** The model's answers, each kept only when it is not empty and its source is one that was sent. */
function keepCited(
  empty: TrainingDraft,
  drafted: Record<string, DraftedTrainingAnswer>,
  material: Material[],
): TrainingDraft {
  const draft = structuredClone(empty);
  for (const name of Object.keys(empty.answers)) {
    const answer = cleanDraftText(drafted[name]?.answer ?? "", ANSWER_MAX_CHARS);
    const cited = material.find((item) => item.id === drafted[name]?.source.trim());
    if (answer === "" || !cited) continue;
    draft.answers[name] = answer;
    draft.sources[name] = cited.source;
  }
  return draft;
}

/** The owner's material, in the order the model should trust it: their own answers and facts, then documents. */
async function gatherMaterial(
  deps: AppDeps,
  request: { userId: string; director: Director; website: string | undefined; log: Logger; signal: AbortSignal },
): Promise<Material[]> {
  const { userId, director, log } = request;
  const [profile, website, facts, passages] = await Promise.all([
    getBusinessProfile(deps.db, userId),
    request.website ? websiteText(deps, request.website, log) : undefined,
    factsForDirector(deps.db, userId, director.id).catch((error: unknown) => {
      log.warn({ err: error }, "remembered facts could not be read; drafting without them");
      return [];
    }),
    knowledgePassages(deps, request),
  ]);
  const material: Material[] = [];
  if (profile) {
    material.push({
      id: "onboarding",
      heading: "The owner's onboarding answers:",
      text: profileText(profile),
      source: { kind: "onboarding", label: ONBOARDING_SOURCE_LABEL },
    });
  }
  if (website) {
    material.push({
      id: "website",
      heading: "The owner's website:",
      text: website,
      source: { kind: "website", label: WEBSITE_SOURCE_LABEL },
    });
  }
  for (const [index, fact] of facts.slice(0, FACTS).entries()) {
    material.push({
      id: `F${index + 1}`,
      heading: `A fact the owner asked to remember (${fact.date}):`,
      text: fact.statement,
      source: { kind: "fact", label: FACT_SOURCE_LABEL },
    });
  }
  for (const [index, passage] of passages.entries()) {
    const name = passage.sourceName ?? "your knowledge";
    material.push({
      id: `D${index + 1}`,
      heading: `From the owner's document "${name}"${passage.location ? ` (${passage.location})` : ""}:`,
      text: passage.content,
      source: { kind: "document", label: documentSourceLabel(name, passage.location) },
    });
  }
  return material;
}

function profileText(profile: OnboardingData): string {
  return ONBOARDING_FIELDS.map((field) => `${PROFILE_LABELS[field.name]}: ${profile[field.name]}`).join("\n");
}

/** The website's readable text; none when it cannot be read now (the other material still drafts). */
async function websiteText(deps: AppDeps, url: string, log: Logger): Promise<string | undefined> {
  try {
    const page = await readWebsite(url, { allowPrivate: deps.env.URL_IMPORT_ALLOW_PRIVATE });
    return [page.title, page.description, page.text.slice(0, WEBSITE_TEXT_CHARS)].filter(Boolean).join("\n");
  } catch {
    log.info("the website to draft training from could not be read; drafting without it");
    return undefined;
  }
}

/** The owner's knowledge passages this director may use that bear most on its ten questions; none if search fails. */
async function knowledgePassages(deps: AppDeps, request: { userId: string; director: Director; log: Logger }) {
  const questions = TRAINING_QUESTIONS[request.director.id].map((question) => question.question).join(" ");
  try {
    return await startSearch(deps, { userId: request.userId, question: questions }).rank({
      directorId: request.director.id,
      // Only documents, web pages and notes: the profile goes whole, and training answers are what is being drafted.
      skipDepartments: [PROFILE_DEPARTMENT, ...DIRECTOR_IDS],
      count: PASSAGES,
    });
  } catch (error) {
    request.log.warn({ err: error }, "knowledge search failed; drafting without passages");
    return [];
  }
}
