import { fitDraftAnswers, type WebsiteDraft } from "../../shared/website-draft";
import { draftOnboardingAnswers } from "../ai/draft-onboarding";
import { classifyAiError } from "../ai/retry";
import type { AppDeps } from "../deps";
import { SafeFetchError } from "../fetch/safe-fetch";
import { AppError } from "../http/app-error";
import { throttleHourly } from "../http/rate-limit";
import type { Logger } from "../logger";
import { readWebsite } from "./read-website";

/** Each draft costs a model call and a fetch of someone's site: this many per owner per hour. */
export const WEBSITE_DRAFTS_PER_HOUR = 10;

/**
 * Reads the owner's website and drafts the ten onboarding answers from it.
 * Nothing is stored: the drafts go back to the browser, which fills the local
 * onboarding draft for the owner to check; the profile is stored only when they
 * complete onboarding. Neither the address nor the page's text is logged (they
 * are the owner's business data).
 */
export async function draftFromWebsite(
  deps: AppDeps,
  request: { userId: string; url: string; log: Logger; signal: AbortSignal },
): Promise<WebsiteDraft> {
  const { userId, url, log, signal } = request;
  if (!deps.ai.configured) throw new AppError("website:no_ai_service");
  await throttleHourly(deps, {
    key: `website-draft:user:${userId}`,
    limit: WEBSITE_DRAFTS_PER_HOUR,
    code: "rate_limit:website",
  });

  const page = await readWebsite(url, { allowPrivate: deps.env.URL_IMPORT_ALLOW_PRIVATE }).catch((error: unknown) => {
    // Why the site could not be read, for the operator: the kind of failure and the site's HTTP status, no address.
    const cause = error instanceof AppError ? error.cause : undefined;
    if (cause instanceof SafeFetchError) {
      log.info({ failure: cause.failure, status: cause.status }, "the website to draft from could not be read");
    }
    throw error;
  });

  const started = performance.now();
  let drafts: Awaited<ReturnType<typeof draftOnboardingAnswers>>;
  try {
    drafts = await draftOnboardingAnswers(deps.ai, { ...page, url: page.finalUrl }, signal);
  } catch (raw) {
    const error = classifyAiError(raw);
    if (signal.aborted) {
      log.info("the owner stopped drafting from their website");
    } else {
      // Only the kind of failure: a reply that was not the object carries the owner's business in its text.
      log.warn({ tag: error.tag, status: error.status }, "drafting onboarding answers from a website failed");
    }
    throw new AppError(
      "website:draft_failed",
      error.tag === "timeout"
        ? { message: "Drafting took too long this time. Try again, or answer the questions yourself." }
        : {},
    );
  }
  const draft: WebsiteDraft = { url: page.finalUrl, title: page.title ?? null, ...fitDraftAnswers(drafts) };
  log.info(
    {
      ms: Math.round(performance.now() - started),
      drafted: Object.values(draft.status).filter((s) => s === "drafted").length,
    },
    "onboarding answers drafted from a website",
  );
  return draft;
}
