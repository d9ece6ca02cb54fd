import { type ModelMessage, Output, streamText } from "ai";
import type { DocumentContentKind } from "../../shared/documents";
import type { ErrorCode } from "../../shared/errors";
import { errorCodeFor } from "../ai/chat-stream";
import type { AiProvider } from "../ai/provider";
import { classifyAiError } from "../ai/retry";
import type { Logger } from "../logger";
import { DRAFT_OUTPUT_NAME, type DraftOutput, draftOutputSchema, draftProblem } from "./draft-schema";

/**
 * The director's draft from the model, streamed: the structured output is read as it grows, and each time another
 * section (or row) is whole the caller hears of it. The finished reply is checked against the schema and the kind's
 * own rules; one that does not fit is asked for once more, and otherwise the draft fails — it is never stored as if
 * whole.
 */

/** A drafting is given two tries: the first, and one more for a reply that did not fit or a passing failure. */
const DRAFT_ATTEMPTS = 2;
/** No draft within this time → the drafting is incomplete and the owner can retry. */
export const DRAFT_TIMEOUT_MS = 5 * 60_000;

export type PartialDraft = { title?: string; sections?: DraftOutput["sections"]; sheet?: DraftOutput["sheet"] };

export type DraftResult = { draft: DraftOutput } | { failed: ErrorCode };

export async function writeDraft(
  ai: Pick<AiProvider, "chat">,
  input: {
    prompt: { system: string; messages: ModelMessage[] };
    contentKind: DocumentContentKind;
    /** The whole sections (or rows) written so far, each time there is one more. */
    onPartial?: (partial: PartialDraft) => void;
    signal: AbortSignal;
    log: Logger;
  },
): Promise<DraftResult> {
  const model = ai.chat;
  if (!model) return { failed: "ai:not_configured" };
  let failed: ErrorCode = "documents:draft_incomplete";
  for (let attempt = 1; attempt <= DRAFT_ATTEMPTS; attempt++) {
    try {
      const result = streamText({
        model,
        system: input.prompt.system,
        messages: input.prompt.messages,
        output: Output.object({ schema: draftOutputSchema, name: DRAFT_OUTPUT_NAME }),
        maxRetries: 0,
        abortSignal: AbortSignal.any([input.signal, AbortSignal.timeout(DRAFT_TIMEOUT_MS)]),
        // Failures are read from the result below; the SDK's own console report would leak into the logs.
        onError: () => {},
      });
      let shown = -1;
      for await (const partial of result.partialOutputStream) {
        const whole = wholeParts(partial as PartialDraft, input.contentKind);
        if (whole && whole.count > shown) {
          shown = whole.count;
          input.onPartial?.(whole.draft);
        }
      }
      const checked = checkDraft(await result.text, input.contentKind);
      if ("draft" in checked) return checked;
      failed = "documents:draft_incomplete";
      input.log.warn({ attempt, problem: checked.problem }, "a document draft did not fit its schema");
    } catch (error) {
      const aiError = classifyAiError(error);
      failed = errorCodeFor(aiError.tag);
      input.log.warn({ attempt, tag: aiError.tag, status: aiError.status }, "a document draft failed");
      if (input.signal.aborted) break;
    }
  }
  return { failed };
}

/** The reply as a draft, or what is wrong with it (for the log: never the content). */
export function checkDraft(
  text: string,
  contentKind: DocumentContentKind,
): { draft: DraftOutput } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: "not JSON" };
  }
  const parsed = draftOutputSchema.safeParse(json);
  if (!parsed.success) return { problem: `does not fit the schema at ${parsed.error.issues[0]?.path.join(".")}` };
  const problem = draftProblem(parsed.data, contentKind);
  return problem ? { problem } : { draft: parsed.data };
}

/**
 * The part of a growing draft that is whole: every section but the one being written (every row but the last),
 * with only the fields a section needs. `count` grows by one each time another part is whole.
 */
function wholeParts(partial: PartialDraft, contentKind: DocumentContentKind) {
  const title = typeof partial.title === "string" ? partial.title : undefined;
  if (contentKind === "sheet") {
    const sheet = partial.sheet;
    const columns = (sheet?.columns ?? []).filter((column) => column?.header !== undefined && column.format);
    const rows = (sheet?.rows ?? []).slice(0, -1).map((row) => (row ?? []).map((cell) => cell ?? ""));
    if (columns.length === 0) return undefined;
    return { count: rows.length, draft: { title, sheet: { columns, rows } } };
  }
  const sections = (partial.sections ?? []).slice(0, -1).map((section) => ({
    heading: section?.heading ?? "",
    blocks: (section?.blocks ?? []).map((block) => ({
      type: block?.type ?? "paragraph",
      text: block?.text ?? "",
      items: (block?.items ?? []).map((item) => item ?? ""),
      rows: (block?.rows ?? []).map((row) => (row ?? []).map((cell) => cell ?? "")),
    })),
  }));
  return { count: sections.length, draft: { title, sections } };
}
