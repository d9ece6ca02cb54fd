import { generateText, type JSONSchema7, jsonSchema, type LanguageModel, Output } from "ai";
import { z } from "zod";
import { type Director, findDirector } from "../../shared/directors";
import { ALL_KEY_FACTS, type KeyFact } from "../../shared/key-facts";

/**
 * Asks the model which durable facts about the business the owner stated in
 * the messages of a conversation ("we hired two mechanics in March", "April
 * revenue was £38k"), in one request for them all, as a structured object
 * checked against a schema. Each message's answer is only context: a fact
 * counts when the owner said it.
 */

/** A fact as the model proposes it, before it is checked and stored; `message` is its message's index in the input. */
export type ExtractedFact = { statement: string; date: string | null; keyFact: string | null; message: number };

/** One message of the owner's, with the answer it got. */
export type OwnerMessage = { question: string; answer: string };

/** A side matter like a title: it never waits long. Retries are the job's (learn-from-conversation-job.ts), not the call's. */
const EXTRACT_TIMEOUT_MS = 30_000;
/** Each owner's message and each answer are cut to this many characters. */
const QUESTION_CHARS = 4000;
const ANSWER_CHARS = 1000;
/** Facts already known that the model is shown, so it does not propose them again. */
const KNOWN_FACTS_SHOWN = 40;
export const MAX_FACTS_PER_MESSAGE = 5;

const factSchema = z.object({
  statement: z.string().describe("One short sentence in the owner's voice, with figures and names as stated."),
  date: z
    .string()
    .nullable()
    .describe("The day the fact is about as YYYY-MM-DD when the owner gave one (a month: its first day), else null."),
  keyFact: z.string().nullable().describe("The id of the key fact this fact answers, from the list, else null."),
  message: z.number().int().nullable().describe("The number of the owner's message that states the fact."),
});
const extractionSchema = z.object({
  facts: z.array(factSchema).describe("At most five facts per message; an empty list when the owner stated none."),
});
/**
 * What a reply is read with: a fact without its message's number (a model that leaves it out) still counts, and is
 * put with the last message. The request's schema still asks for every field, as strict structured output requires.
 */
const lenientSchema = z.object({
  facts: z.array(factSchema.extend({ message: factSchema.shape.message.optional() })),
});

/** Made once: turning the schema into the JSON schema the request carries is not free. */
const OUTPUT = Output.object({
  schema: jsonSchema<z.infer<typeof lenientSchema>>(
    z.toJSONSchema(extractionSchema, { target: "draft-7" }) as JSONSchema7,
    {
      validate: (value) => {
        const parsed = lenientSchema.safeParse(value);
        return parsed.success ? { success: true, value: parsed.data } : { success: false, error: parsed.error };
      },
    },
  ),
  name: "remembered_facts",
});

const INSTRUCTIONS = [
  "You help the AI advisors of a small-business owner remember durable facts about the owner's business.",
  "Read the owner's messages. List the facts about their business that the owner stated and that will still matter in",
  "weeks: figures, prices, budgets, dates, hires and people, customers, suppliers, channels, decisions and changes",
  '(for example "We dropped the Facebook ads."). Leave out questions, wishes, the advisor\'s suggestions or opinions,',
  "small talk, anything about the advisor, and anything in the list of facts already known.",
  `At most ${MAX_FACTS_PER_MESSAGE} per message. Write each as one short sentence in the owner's voice, keeping their`,
  "figures exactly, and give the number of the message that states it.",
  "Return an empty list when there is nothing worth remembering.",
].join(" ");

export async function extractFacts(
  model: LanguageModel,
  input: { director: Director; messages: OwnerMessage[]; today: string; known: string[] },
): Promise<ExtractedFact[]> {
  const keyFacts = keyFactsToTag(input.director);
  const messages = input.messages.map(
    (message, index) =>
      `The owner's message ${index + 1}:\n${message.question.slice(0, QUESTION_CHARS)}\n\n` +
      `The advisor's answer to it (context only):\n${message.answer.slice(0, ANSWER_CHARS)}`,
  );
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
    ...messages,
  ].join("\n\n");
  const { output } = await generateText({
    model,
    system: INSTRUCTIONS,
    prompt,
    output: OUTPUT,
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(EXTRACT_TIMEOUT_MS),
  });
  const last = input.messages.length - 1;
  const facts = output.facts.map((fact) => ({ ...fact, message: messageIndex(fact.message, last) }));
  return input.messages.flatMap((_, index) =>
    facts.filter((fact) => fact.message === index).slice(0, MAX_FACTS_PER_MESSAGE),
  );
}

/** The model numbers messages from 1; a number that names none puts the fact with the last message. */
function messageIndex(number: number | null | undefined, last: number): number {
  return number && Number.isInteger(number) && number >= 1 && number <= last + 1 ? number - 1 : last;
}

/** This director's key facts, and the key figures of the others (a revenue figure told to Martha is Finn's too). */
function keyFactsToTag(director: Director): KeyFact[] {
  return ALL_KEY_FACTS.filter((fact) => fact.directorId === director.id || !fact.training);
}
