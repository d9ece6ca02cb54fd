import type { DirectorId } from "./directors";
import { keyFactStated } from "./key-fact-text";
import { KEY_FACTS, type KeyFact, STALE_AFTER_DAYS, THIN_ANSWER_WORDS } from "./key-facts";
import type { OnboardingData } from "./onboarding";
import type { TrainingAnswers } from "./training";

/**
 * How complete a director's picture is: for each of its key facts, whether an
 * answer, a profile field or a remembered fact covers it, and whether what
 * covers it is thin (a few words) or stale (about something that changes, and
 * dated more than STALE_AFTER_DAYS ago). A remembered fact wins over a training
 * answer, which wins over the profile: each is the more specific and the newer.
 * Failing those, a figure counts as known when anything the owner gave states
 * it (a sentence naming it with a number, in any answer, fact or knowledge
 * passage the director reads): the newest such statement covers it.
 */

/** known: covered; thin: covered by an answer of only a few words; stale: may be out of date; missing: not covered. */
export type KeyFactStatus = "known" | "thin" | "stale" | "missing";

export type KeyFactState = {
  id: string;
  label: string;
  ask: string;
  placeholder: string;
  status: KeyFactStatus;
  /** What covers it and when that was told; null when missing. */
  from: { kind: "profile" | "training" | "fact" | "knowledge"; date: string } | null;
};

export type DirectorKnowledge = {
  directorId: DirectorId;
  /** Key facts covered (thin and stale ones included). */
  known: number;
  total: number;
  facts: KeyFactState[];
};

/** What the owner has told us, as read for one director. */
export type KnowledgeSources = {
  profile: { answers: OnboardingData; updatedAt: string } | null;
  training: { answers: TrainingAnswers; trainedAt: string } | null;
  /** Kept facts this director uses, any order. */
  facts: Array<{ keyFact: string | null; date: string; statement: string }>;
  /** Passages of the owner's documents, web pages and notes this director reads that may state a figure. */
  passages: Array<{ text: string; date: string }>;
};

const DAY_MS = 24 * 60 * 60 * 1000;

export function directorKnowledge(directorId: DirectorId, sources: KnowledgeSources, now: Date): DirectorKnowledge {
  const facts = KEY_FACTS[directorId].map((keyFact) => keyFactState(keyFact, sources, now));
  return {
    directorId,
    known: facts.filter((fact) => fact.status !== "missing").length,
    total: facts.length,
    facts,
  };
}

function keyFactState(keyFact: KeyFact, sources: KnowledgeSources, now: Date): KeyFactState {
  const base = { id: keyFact.id, label: keyFact.label, ask: keyFact.ask, placeholder: keyFact.placeholder };
  const remembered = sources.facts
    .filter((fact) => fact.keyFact === keyFact.id)
    .sort((a, b) => b.date.localeCompare(a.date))[0];
  if (remembered) {
    const from = { kind: "fact" as const, date: remembered.date };
    return { ...base, status: staleness(keyFact, remembered.date, now) ?? "known", from };
  }
  const trained = keyFact.training ? sources.training?.answers[keyFact.training]?.trim() : undefined;
  if (trained && sources.training) {
    return { ...base, ...answered(keyFact, trained, { kind: "training", date: sources.training.trainedAt }, now) };
  }
  const profiled = keyFact.profile ? sources.profile?.answers[keyFact.profile]?.trim() : undefined;
  if (profiled && sources.profile) {
    return { ...base, ...answered(keyFact, profiled, { kind: "profile", date: sources.profile.updatedAt }, now) };
  }
  const stated = newestStatement(keyFact, sources);
  if (stated) return { ...base, status: staleness(keyFact, stated.date, now) ?? "known", from: stated };
  return { ...base, status: "missing", from: null };
}

/** The newest text of the owner's that states the key fact, as what covers it. */
function newestStatement(keyFact: KeyFact, sources: KnowledgeSources): KeyFactState["from"] {
  if (!keyFact.statedBy) return null;
  const texts: Array<{ kind: NonNullable<KeyFactState["from"]>["kind"]; date: string; text: string }> = [
    ...sources.facts.map((fact) => ({ kind: "fact" as const, date: fact.date, text: fact.statement })),
    ...Object.values(sources.training?.answers ?? {}).map((text) => ({
      kind: "training" as const,
      date: sources.training?.trainedAt ?? "",
      text,
    })),
    ...Object.values(sources.profile?.answers ?? {}).map((text) => ({
      kind: "profile" as const,
      date: sources.profile?.updatedAt ?? "",
      text,
    })),
    ...sources.passages.map((passage) => ({ kind: "knowledge" as const, date: passage.date, text: passage.text })),
  ];
  const stating = texts
    .filter((item) => keyFactStated(keyFact, item.text))
    .sort((a, b) => b.date.localeCompare(a.date))[0];
  return stating ? { kind: stating.kind, date: stating.date } : null;
}

function answered(
  keyFact: KeyFact,
  answer: string,
  from: NonNullable<KeyFactState["from"]>,
  now: Date,
): Pick<KeyFactState, "status" | "from"> {
  const stale = staleness(keyFact, from.date, now);
  if (stale) return { status: stale, from };
  return { status: wordCount(answer) < THIN_ANSWER_WORDS ? "thin" : "known", from };
}

function staleness(keyFact: KeyFact, date: string, now: Date): "stale" | undefined {
  if (!keyFact.changes) return undefined;
  return now.getTime() - Date.parse(date) > STALE_AFTER_DAYS * DAY_MS ? "stale" : undefined;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
