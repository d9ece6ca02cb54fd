import { useMemo, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { ONBOARDING_FIELDS, type OnboardingData, type OnboardingFieldName } from "#shared/onboarding";
import type { DraftStatus, WebsiteDraft } from "#shared/website-draft";
import type { ReviewNote } from "../../components/answers-review";
import { type WebsiteStart, websiteStartStore } from "./website-draft-store";

export type DraftNote = { tone: "drafted" | "todo"; text: string };

/** How each answer's draft came out, told under its step. */
const STEP_NOTES: Record<DraftStatus, DraftNote> = {
  drafted: { tone: "drafted", text: "Drafted from your website. Check it and change anything that's wrong." },
  needs_more: { tone: "todo", text: "Drafted from your website, but it needs a little more from you." },
  missing: { tone: "todo", text: "Your website didn't say. Please answer this one yourself." },
};

/** The same, shorter, for the one-page review. */
const REVIEW_NOTES: Record<DraftStatus, ReviewNote> = {
  drafted: { tone: "source", text: "From your website" },
  needs_more: { tone: "todo", text: "From your website, but it needs a little more from you." },
  missing: { tone: "todo", text: "Your website didn't say. Please answer this one." },
};

/** The note for an answer's draft status; a missing one is only pointed out while the answer is still empty. */
function draftNote<Note>(notes: Record<DraftStatus, Note>, status: DraftStatus | undefined, value: string) {
  if (!status || (status === "missing" && value.trim() !== "")) return undefined;
  return notes[status];
}

/**
 * The onboarding side of "Start from your website": drafts go into the
 * answers the owner has not written yet (what they typed always stays), the
 * local onboarding draft keeps them like typed text, and each step says how
 * its draft came out. Completing onboarding leaves only the page, for the
 * offer to add it as knowledge.
 */
export function useWebsiteStart(userId: string, form: UseFormReturn<OnboardingData>) {
  const store = useMemo(() => websiteStartStore(userId), [userId]);
  const [website, setWebsite] = useState<WebsiteStart | undefined>(() => store.load());

  function applyDraft(draft: WebsiteDraft) {
    const current = form.getValues();
    const status: Partial<Record<OnboardingFieldName, DraftStatus>> = {};
    for (const { name } of ONBOARDING_FIELDS) {
      if (current[name].trim() !== "") continue;
      status[name] = draft.status[name];
      if (draft.answers[name] !== "") form.setValue(name, draft.answers[name], { shouldDirty: true });
    }
    form.clearErrors();
    const next = { url: draft.url, title: draft.title, status };
    store.save(next);
    setWebsite(next);
  }

  function onCompleted() {
    if (website) store.save({ url: website.url, title: website.title });
  }

  function noteFor(field: OnboardingFieldName, value: string): DraftNote | undefined {
    return draftNote(STEP_NOTES, website?.status?.[field], value);
  }

  /** The same, shorter, for the one-page review, where every answer shows at once. */
  function reviewNoteFor(field: OnboardingFieldName, value: string): ReviewNote | undefined {
    return draftNote(REVIEW_NOTES, website?.status?.[field], value);
  }

  return { website, applyDraft, onCompleted, noteFor, reviewNoteFor };
}
