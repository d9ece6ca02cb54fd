import { type SQL, sql } from "drizzle-orm";

/**
 * The small business vocabulary of the retrieval benchmarks' generated pieces and questions: every piece shares words
 * with every question, the worst case for full text.
 */
export const VOCABULARY = (
  "marketing budget instagram newsletter customers subscription coffee roast cafe revenue margin cash flow " +
  "supplier inventory hiring team culture pricing discount campaign audience brand content seo website reviews " +
  "growth partnership expansion loan invoice payroll delivery packaging quality workshop wholesale retail online " +
  "churn retention referral loyalty event season holiday menu training schedule equipment rent lease software"
).split(" ");

/** A question made of three words of the vocabulary. */
export function vocabularyQuestion(): string {
  return `How should I plan my ${pickWord()} and ${pickWord()} for the ${pickWord()} next month?`;
}

export function pickWord(): string {
  return VOCABULARY[Math.floor(Math.random() * VOCABULARY.length)] ?? "coffee";
}

/**
 * 30 words of the vocabulary drawn in the database, for a piece's text in an `insert … select … from
 * generate_series(…) g`: "+ 0 * g" ties the sub-select to its row, so every row gets its own text.
 */
export function vocabularyTextPerRow(): SQL {
  return sql`(select string_agg((${`{${VOCABULARY.join(",")}}`}::text[])[1 + floor(random() * ${VOCABULARY.length})::int], ' ')
           from generate_series(1, 30 + 0 * g))`;
}
