import { z } from "zod";
import type { Director } from "../../shared/directors";
import { TRAINING_QUESTIONS } from "../../shared/training";
import { draftObject } from "./draft-object";
import type { AiProvider } from "./provider";

/**
 * Drafts a director's ten training answers from the owner's own material, as a
 * structured object: each answer names the source it rests on by the id the
 * prompt gave it. The caller keeps only answers whose source was really sent.
 */

/** One piece of the owner's material, under the id the model cites it by. */
export type DraftSourceText = { id: string; heading: string; text: string };

export type DraftedTrainingAnswer = { answer: string; source: string };

function draftSchema(director: Director) {
  return z.object(
    Object.fromEntries(
      TRAINING_QUESTIONS[director.id].map((question) => [
        question.name,
        z
          .object({
            answer: z
              .string()
              .describe(`The answer to "${question.question}" in one to three sentences, or "" when no source says.`),
            source: z
              .string()
              .describe('The id of the one source the answer comes from, e.g. "onboarding"; "" with an empty answer.'),
          })
          .describe(question.question),
      ]),
    ),
  );
}

const INSTRUCTIONS = [
  "You help a small-business owner answer a short questionnaire that trains one of their advisers.",
  "Answer each question as the owner would, in the first person plural (we, our), only from the sources given.",
  "Each source starts with its id in square brackets. Give every answer the id of the source it comes from.",
  "Never invent names, figures or plans. When no source answers a question, give an empty answer and an empty source:",
  "the owner will answer it. Keep each answer short and concrete.",
].join(" ");

export async function draftTrainingAnswers(
  ai: Pick<AiProvider, "chat" | "retry">,
  input: { director: Director; sources: DraftSourceText[] },
  signal: AbortSignal,
): Promise<Record<string, DraftedTrainingAnswer>> {
  const { director, sources } = input;
  const prompt = [
    `The questions train ${director.name}, the owner's ${director.title}.`,
    "Sources:",
    ...sources.map((source) => `[${source.id}] ${source.heading}\n${source.text}`),
  ].join("\n\n");
  return await draftObject(
    ai,
    { system: INSTRUCTIONS, prompt, schema: draftSchema(director), name: "training_answers" },
    signal,
  );
}
