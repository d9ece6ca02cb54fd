import { WEBSITE_FAILURE_MESSAGES, type WebsiteFailure } from "../../shared/website-draft";
import { fetchReadablePage } from "../fetch/readable-page";
import { SafeFetchError, type SafeFetchFailure } from "../fetch/safe-fetch";
import { AppError } from "../http/app-error";

/** What the model drafts from: the page's title, its own summary of itself, and its readable text. */
export type WebsitePage = {
  finalUrl: string;
  title: string | undefined;
  description: string | undefined;
  text: string;
};

/** Less readable text than this is no page to draft ten answers from (a site that only renders in a browser). */
const MIN_TEXT_CHARS = 80;

/**
 * Reads the owner's website through the knowledge feature's safe fetcher (web
 * pages only; loopback and private networks refused unless
 * URL_IMPORT_ALLOW_PRIVATE). A site that cannot be read is a 422
 * `website:unreadable` whose message says why in the owner's words.
 */
export async function readWebsite(url: string, options: { allowPrivate: boolean }): Promise<WebsitePage> {
  let page: Awaited<ReturnType<typeof fetchReadablePage>>;
  try {
    page = await fetchReadablePage(url, { allowPrivate: options.allowPrivate });
  } catch (error) {
    if (error instanceof SafeFetchError) throw unreadable(failureOf(error), error);
    throw error;
  }
  const description = await metaDescription(page.html.toString("utf8"));
  if (page.text.trim().length < MIN_TEXT_CHARS && (description?.length ?? 0) < MIN_TEXT_CHARS) {
    throw unreadable("no_text");
  }
  return { finalUrl: page.finalUrl, title: page.title, description, text: page.text };
}

function unreadable(failure: WebsiteFailure, cause?: SafeFetchError): AppError {
  return new AppError("website:unreadable", { message: WEBSITE_FAILURE_MESSAGES[failure], cause });
}

const FAILURES: Record<SafeFetchFailure, WebsiteFailure> = {
  invalid_url: "not_found",
  not_found: "not_found",
  private_address: "private_address",
  http_error: "http_error",
  unexpected_type: "not_a_page",
  too_large: "too_large",
  redirect_loop: "unreachable",
  timeout: "too_slow",
  unreachable: "unreachable",
};

function failureOf(error: SafeFetchError): WebsiteFailure {
  if (error.failure === "http_error" && (error.status === 404 || error.status === 410)) return "page_missing";
  return FAILURES[error.failure];
}

/** The page's own one-line summary (`<meta name="description">`, else Open Graph's), which home pages often have. */
async function metaDescription(html: string): Promise<string | undefined> {
  const { parseHTML } = await import("linkedom");
  const { document } = parseHTML(html);
  const content =
    document.querySelector('meta[name="description"]')?.getAttribute("content") ??
    document.querySelector('meta[property="og:description"]')?.getAttribute("content");
  return content?.replace(/\s+/g, " ").trim() || undefined;
}
