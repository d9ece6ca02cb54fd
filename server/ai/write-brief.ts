import { generateText, type JSONSchema7, jsonSchema, type LanguageModel, Output } from "ai";
import { z } from "zod";
import type { Director } from "../../shared/directors";
import type { Cadence } from "../../shared/periods";
import { type ContextBlock, formatBlock } from "./context-blocks";
import { PERSONAS } from "./personas";

/**
 * A director's weekly (or monthly) brief: what moved in its area and why it may matter, one risk, one action for this week, each
 * citing the numbered blocks (the owner's numbers, remembered facts, profile and training answers) it stands on. One
 * structured request; retries are the job's (server/numbers/write-brief-job.ts).
 */

export type BriefContent = { moved: string; risk: string; action: string };

const BRIEF_TIMEOUT_MS = 60_000;

const briefSchema = z.object({
  moved: z
    .string()
    .describe("Two or three sentences: what moved in your area this week and why it may matter, with citations."),
  risk: z.string().describe("One risk you see, in one or two sentences, with citations."),
  action: z.string().describe("One concrete action for the owner this week, in one or two sentences, with citations."),
});

const OUTPUT = Output.object({
  schema: jsonSchema<BriefContent>(z.toJSONSchema(briefSchema, { target: "draft-7" }) as JSONSchema7, {
    validate: (value) => {
      const parsed = briefSchema.safeParse(value);
      return parsed.success ? { success: true, value: parsed.data } : { success: false, error: parsed.error };
    },
  }),
  name: "weekly_brief",
});

/** What the director is asked for: the week's brief, or the month's on the owner's monthly metrics. */
export function briefInstruction(cadence: Cadence): string {
  const span = cadence === "weekly" ? "week" : "month";
  return `Write your ${cadence} brief for the owner from the numbered blocks above: what moved in your area and why it may matter, one risk, and one action for this ${span}. Cite the blocks each claim stands on inline by number, like [3]. Use only figures from the blocks; if a figure is missing, say what you would need.`;
}

export async function writeBrief(
  model: LanguageModel,
  input: { director: Director; blocks: ContextBlock[]; cadence: Cadence; period: string; today: string },
): Promise<BriefContent> {
  const context = input.blocks.map(formatBlock).join("\n");
  const span = input.cadence === "weekly" ? "week" : "month";
  const { output } = await generateText({
    model,
    system: PERSONAS[input.director.id],
    prompt: `Context about my business:\n${context || "(nothing yet)"}\n\nToday is ${input.today}. The ${span}: ${input.period}.\n\n${briefInstruction(input.cadence)}`,
    output: OUTPUT,
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(BRIEF_TIMEOUT_MS),
  });
  return { moved: output.moved.trim(), risk: output.risk.trim(), action: output.action.trim() };
}
