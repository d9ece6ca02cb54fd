import { z } from "zod";
import {
  ONBOARDING_ANSWER_MAX_CHARS,
  ONBOARDING_FIELDS,
  type OnboardingData,
  type OnboardingFieldName,
  onboardingFieldSchemas,
} from "./onboarding";
import { withoutControlCharacters } from "./validation";
import { webAddressSchema } from "./web-address";

/**
 * "Start from your website": on onboarding's first step the owner gives their
 * website's address, the server reads the page and the model drafts the ten
 * answers, which fill the local draft for the owner to check. Shared by the
 * step's dialog and POST /api/onboarding/website-draft.
 */

const ADDRESS_MESSAGE = "Enter your website's address, like www.example.com";

export const websiteDraftRequestSchema = z.object({
  url: webAddressSchema(ADDRESS_MESSAGE),
});
export type WebsiteDraftRequest = z.input<typeof websiteDraftRequestSchema>;

/**
 * How each drafted answer came out: ready for the owner to check, a start that
 * is still too short for the step's rule, or nothing (the page did not say).
 */
export type DraftStatus = "drafted" | "needs_more" | "missing";

/** POST /api/onboarding/website-draft */
export type WebsiteDraft = {
  /** The page that was read, after redirects. */
  url: string;
  title: string | null;
  /** Every answer, "" where the page did not say. */
  answers: OnboardingData;
  status: Record<OnboardingFieldName, DraftStatus>;
};

/** Why a website could not be read, each in the words an owner sees. */
export const WEBSITE_FAILURE_MESSAGES = {
  not_found: "We couldn't find a website at that address. Check it for typing mistakes.",
  private_address: "That address is on a private network, which we can't read. Enter your public website's address.",
  http_error: "Your website answered with an error instead of the page. Check the address, or try again later.",
  page_missing: "Your website says there is no page at that address. Check the address, or try your home page.",
  not_a_page: "That address isn't a web page. Enter the address of your home page or your About page.",
  too_large: "That page is too large for us to read. Try your About page instead.",
  too_slow: "Your website took too long to answer. Try again later.",
  unreachable: "We couldn't connect to your website. Check the address, or try again later.",
  no_text:
    "We found almost no text on that page. Some sites only show their text once a browser runs them. Try your About page instead.",
} as const;
export type WebsiteFailure = keyof typeof WEBSITE_FAILURE_MESSAGES;

/** A model's way of saying "the page does not say": counted as no answer. */
const NO_ANSWER = /^(n\/?a|none|unknown|not (specified|stated|mentioned|available|provided)|-+|\u2026|\.\.\.)\.?$/i;

/**
 * One drafted answer made fit for its step: control characters out, trimmed,
 * cut to the step's maximum at a sentence or word, then checked with the step's
 * own rule. A draft that is still too short stays, for the owner to complete.
 */
export function fitDraftAnswer(field: OnboardingFieldName, draft: string): { value: string; status: DraftStatus } {
  const value = cleanDraftText(draft, ONBOARDING_ANSWER_MAX_CHARS);
  if (value === "") return { value, status: "missing" };
  return { value, status: onboardingFieldSchemas[field].safeParse(value).success ? "drafted" : "needs_more" };
}

/** A model's draft as text an owner can keep: control characters out, trimmed, "" for a non-answer, cut to `max`. */
export function cleanDraftText(draft: string, max: number): string {
  const value = withoutControlCharacters(draft).trim();
  if (NO_ANSWER.test(value)) return "";
  return value.length > max ? cutAtBoundary(value, max) : value;
}

/** All ten answers fitted, in the steps' order. */
export function fitDraftAnswers(
  drafts: Partial<Record<OnboardingFieldName, string>>,
): Omit<WebsiteDraft, "url" | "title"> {
  const answers = {} as OnboardingData;
  const status = {} as Record<OnboardingFieldName, DraftStatus>;
  for (const field of ONBOARDING_FIELDS) {
    const fitted = fitDraftAnswer(field.name, drafts[field.name] ?? "");
    answers[field.name] = fitted.value;
    status[field.name] = fitted.status;
  }
  return { answers, status };
}

function cutAtBoundary(text: string, max: number): string {
  const cut = text.slice(0, max);
  const sentence = Math.max(
    cut.lastIndexOf(". "),
    cut.lastIndexOf(".\n"),
    cut.lastIndexOf("! "),
    cut.lastIndexOf("? "),
  );
  if (sentence > max * 0.6) return cut.slice(0, sentence + 1).trim();
  const space = cut.lastIndexOf(" ");
  return (space > max * 0.6 ? cut.slice(0, space) : cut).trim();
}
