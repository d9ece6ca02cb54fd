import { withoutBidiControls } from "../../shared/validation";
import { extractInChild, type ReadingLimits } from "../knowledge/extract/extract-in-child";
import { type ExtractedSection, ExtractionError } from "../knowledge/extract/extracted";
import { type SafeFetchOptions, safeFetch } from "./safe-fetch";

/** Web pages only; anything else is refused before its body is read. */
const PAGE_TYPES = ["text/html", "application/xhtml+xml"] as const;

export const PAGE_LIMITS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 15_000, maxRedirects: 5 } as const;

/** A page is read in the reading process with its default memory (KNOWLEDGE_READ_MEMORY_MB), in its fetch's time. */
const PAGE_READING: ReadingLimits = { memoryMb: 256, timeoutMs: PAGE_LIMITS.timeoutMs };

export type FetchedPage = {
  /** Where the page was found after redirects. */
  finalUrl: string;
  /** The page as it was fetched. */
  html: Buffer;
};

export type ReadablePage = FetchedPage & {
  title: string | undefined;
  /** The article's text, without menus, footers and scripts. */
  text: string;
  /** The same text split at its headings. */
  sections: ExtractedSection[];
};

/** Fetches a web page through the safe fetcher, as it is. Throws SafeFetchError. */
export async function fetchPage(
  address: string,
  options: Pick<SafeFetchOptions, "allowPrivate" | "isAllowedAddress"> & Partial<SafeFetchOptions>,
): Promise<FetchedPage> {
  const fetched = await safeFetch(address, { ...PAGE_LIMITS, accept: PAGE_TYPES, ...options });
  return { finalUrl: fetched.finalUrl, html: fetched.body };
}

/**
 * Fetches a web page and keeps its readable text (Readability over linkedom,
 * in the reading process); a page with more than can be read has no text.
 * Throws SafeFetchError.
 */
export async function fetchReadablePage(
  address: string,
  {
    reading = PAGE_READING,
    ...options
  }: Pick<SafeFetchOptions, "allowPrivate" | "isAllowedAddress"> &
    Partial<SafeFetchOptions> & { reading?: ReadingLimits },
): Promise<ReadablePage> {
  const page = await fetchPage(address, options);
  try {
    const { sections, title } = await extractInChild("web", page.html, reading);
    return {
      ...page,
      title: title && withoutBidiControls(title),
      text: sections.map((section) => section.text).join("\n"),
      sections,
    };
  } catch (error) {
    if (error instanceof ExtractionError) return { ...page, title: undefined, text: "", sections: [] };
    throw error;
  }
}
