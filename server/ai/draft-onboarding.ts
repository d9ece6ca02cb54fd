import { z } from "zod";
import { ONBOARDING_FIELDS, type OnboardingFieldName } from "../../shared/onboarding";
import { draftObject } from "./draft-object";
import type { AiProvider } from "./provider";

/**
 * Drafts onboarding's ten answers from the owner's website, as a structured
 * object checked against a schema built from the same ten fields. The drafts
 * are only a start: the owner checks each one before anything is stored.
 */

/** The page's text sent to the model is cut to this many characters (about 3,000 words). */
const PAGE_TEXT_CHARS = 12_000;

/**
 * One string per onboarding field, described by its question and rule. The
 * shared schema's own rules (minimum lengths, the owner-text check) are not
 * sent: a draft that misses them is fitted afterwards (fitDraftAnswers), never
 * a failed request.
 */
const draftSchema = z.object(
  Object.fromEntries(
    ONBOARDING_FIELDS.map((field) => [
      field.name,
      z
        .string()
        .describe(
          `The answer to "${field.label}" ${field.input === "line" ? "in a few words" : "in one to three sentences"}, or "" when the page does not say.`,
        ),
    ]),
  ) as Record<OnboardingFieldName, z.ZodString>,
);

const INSTRUCTIONS = [
  "You help a small-business owner fill in a short questionnaire about their business, from their own website.",
  "Answer each question as the owner would, in the first person plural (we, our), in the language of the website.",
  "Use only what the website says or plainly implies; never invent names, figures, competitors or goals.",
  'When the website does not answer a question, give an empty string "" for it: the owner will answer it.',
  "Keep each answer short and concrete.",
].join(" ");

export type DraftInput = { url: string; title: string | undefined; description: string | undefined; text: string };

export async function draftOnboardingAnswers(
  ai: Pick<AiProvider, "chat" | "retry">,
  page: DraftInput,
  signal: AbortSignal,
): Promise<Record<OnboardingFieldName, string>> {
  const prompt = [
    `Website: ${page.url}`,
    page.title ? `Title: ${page.title}` : undefined,
    page.description ? `Summary: ${page.description}` : undefined,
    `Text of the page:\n${page.text.slice(0, PAGE_TEXT_CHARS)}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  return await draftObject(
    ai,
    { system: INSTRUCTIONS, prompt, schema: draftSchema, name: "onboarding_answers" },
    signal,
  );
}
