import { generateText, type LanguageModel, Output } from "ai";
import { z } from "zod";
import { type Director, findDirector } from "../../shared/directors";
import { ALL_KEY_FACTS, type KeyFact } from "../../shared/key-facts";

/**
 * Asks the model which durable facts about the business the owner stated in
 * one turn ("we hired two mechanics in March", "April revenue was £38k"), as a
 * structured object checked against a zod schema. The answer is only context:
 * a fact counts when the owner said it.
 */

/** A fact as the model proposes it, before it is checked and stored. */
export type ExtractedFact = { statement: string; date: string | null; keyFact: string | null };

/** A side matter like a title: it never waits long. Retries are the job's (learn-from-answer-job.ts), not the call's. */
const EXTRACT_TIMEOUT_MS = 30_000;
/** The owner's message and the answer are cut to this many characters each. */
const QUESTION_CHARS = 4000;
const ANSWER_CHARS = 2000;
/** Facts already known that the model is shown, so it does not propose them again. */
const KNOWN_FACTS_SHOWN = 40;
export const MAX_FACTS_PER_TURN = 5;

const extractionSchema = z.object({
  facts: z
    .array(
      z.object({
        statement: z.string().describe("One short sentence in the owner's voice, with figures and names as stated."),
        date: z
          .string()
          .nullable()
          .describe(
            "The day the fact is about as YYYY-MM-DD when the owner gave one (a month: its first day), else null.",
          ),
        keyFact: z.string().nullable().describe("The id of the key fact this fact answers, from the list, else null."),
      }),
    )
    .describe("At most five facts; an empty list when the owner stated none."),
});

/** Made once: turning the schema into the JSON schema the request carries is not free. */
const OUTPUT = Output.object({ schema: extractionSchema, name: "remembered_facts" });

const INSTRUCTIONS = [
  "You help the AI advisors of a small-business owner remember durable facts about the owner's business.",
  "Read the owner's message. List the facts about their business that the owner stated and that will still matter in",
  "weeks: figures, prices, budgets, dates, hires and people, customers, suppliers, channels, decisions and changes",
  '(for example "We dropped the Facebook ads."). Leave out questions, wishes, the advisor\'s suggestions or opinions,',
  "small talk, anything about the advisor, and anything in the list of facts already known.",
  `At most ${MAX_FACTS_PER_TURN}. Write each as one short sentence in the owner's voice, keeping their figures exactly.`,
  "Return an empty list when there is nothing worth remembering.",
].join(" ");

export async function extractFacts(
  model: LanguageModel,
  input: { director: Director; question: string; answer: string; today: string; known: string[] },
): Promise<ExtractedFact[]> {
  const keyFacts = keyFactsToTag(input.director);
  const prompt = [
    `Today: ${input.today}`,
    `Advisor: ${input.director.name}, ${input.director.title}`,
    `Key facts (id: what it is):\n${keyFacts.map((fact) => `${fact.id}: ${fact.label} (${findDirector(fact.directorId)?.title})`).join("\n")}`,
    `Facts already known:\n${
      input.known
        .slice(0, KNOWN_FACTS_SHOWN)
        .map((fact) => `- ${fact}`)
        .join("\n") || "(none)"
    }`,
    `The owner's message:\n${input.question.slice(0, QUESTION_CHARS)}`,
    `The advisor's answer (context only):\n${input.answer.slice(0, ANSWER_CHARS)}`,
  ].join("\n\n");
  const { output } = await generateText({
    model,
    system: INSTRUCTIONS,
    prompt,
    output: OUTPUT,
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(EXTRACT_TIMEOUT_MS),
  });
  return output.facts.slice(0, MAX_FACTS_PER_TURN);
}

/** This director's key facts, and the key figures of the others (a revenue figure told to Martha is Finn's too). */
function keyFactsToTag(director: Director): KeyFact[] {
  return ALL_KEY_FACTS.filter((fact) => fact.directorId === director.id || !fact.training);
}
