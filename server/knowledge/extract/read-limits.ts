/**
 * How much of one file the readers take on, whatever the file says about
 * itself. A file is small on upload, but what it holds can expand far beyond
 * that (a Word file is a ZIP archive; a PDF page tree or a spreadsheet can
 * describe more than anyone can read): each reader stops at its limit, and
 * either keeps what it read so far (the source says it was cut) or refuses
 * the file ("This file expands to more than we can read"). The reading
 * process's own memory and time limits (extract-in-child.ts) catch whatever
 * these miss.
 */
export const READ_LIMITS = {
  /** What one part of a Word file may expand to: a long, richly formatted document's text is far less. */
  archiveEntryBytes: 16 * 1024 * 1024,
  /** What all the parts read from one Word file may expand to together. */
  archiveTotalBytes: 32 * 1024 * 1024,
  /** Parts listed in one Word file's archive. */
  archiveEntries: 10_000,
  /** Pages read from one PDF; the rest is cut. */
  pdfPages: 2000,
  /**
   * A PDF with more pages than this is refused: PDF.js finds each page by walking the page tree, which a file can
   * make as wide as its page count, so even its first pages would take minutes.
   */
  pdfPagesRefused: 20_000,
  /** Time spent reading a PDF's pages, after which the pages read so far are kept and the rest is cut. */
  pdfPagesMs: 20_000,
  /** Elements parsed from one HTML file; the rest of the file is cut. */
  htmlElements: 50_000,
  /** Readability (which keeps a page's article) takes seconds on a huge page; above this, the whole body is read. */
  readabilityElements: 20_000,
  /** Parts (pages, sections, runs of rows) kept from one file; each becomes one piece or more. */
  sections: 4000,
  /**
   * Pieces kept from one file, each stored, searched and embedded: twice what the most text kept makes in pieces of
   * the usual size. Only a file of many tiny parts (a spreadsheet of short rows) comes near it.
   */
  pieces: 4000,
} as const;
