import { withoutBidiControls } from "../../shared/validation";
import type { ExtractedSection } from "../knowledge/extract/extracted";
import { type SafeFetchOptions, safeFetch } from "./safe-fetch";

/** Web pages only; anything else is refused before its body is read. */
const PAGE_TYPES = ["text/html", "application/xhtml+xml"] as const;

export const PAGE_LIMITS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 15_000, maxRedirects: 5 } as const;

export type ReadablePage = {
  /** Where the page was found after redirects. */
  finalUrl: string;
  title: string | undefined;
  /** The article's text, without menus, footers and scripts. */
  text: string;
  /** The same text split at its headings. */
  sections: ExtractedSection[];
  /** The page as it was fetched. */
  html: Buffer;
};

/**
 * Fetches a web page through the safe fetcher and keeps its readable text
 * (Readability over linkedom). Throws SafeFetchError.
 */
export async function fetchReadablePage(
  address: string,
  options: Pick<SafeFetchOptions, "allowPrivate" | "isAllowedAddress"> & Partial<SafeFetchOptions>,
): Promise<ReadablePage> {
  const fetched = await safeFetch(address, { ...PAGE_LIMITS, accept: PAGE_TYPES, ...options });
  // linkedom and Readability load with the first page read, not at start.
  const { extractHtml } = await import("../knowledge/extract/extract-html");
  const { sections, title } = extractHtml(fetched.body.toString("utf8"));
  return {
    finalUrl: fetched.finalUrl,
    // The title may become the source's name.
    title: title && withoutBidiControls(title),
    text: sections.map((section) => section.text).join("\n"),
    sections,
    html: fetched.body,
  };
}
