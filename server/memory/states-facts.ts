/**
 * Whether an owner's message may state a fact about their business, decided in microseconds without the model: a
 * figure, a name, the owner saying what they have, are or did, or a plain statement. Only such messages are sent to
 * the model for facts. It errs on the side of yes: a message let through costs a few tokens in a request that goes
 * anyway, while one held back would lose its facts.
 */
export function statesFacts(message: string): boolean {
  if (FIGURES.test(message) || NUMBER_WORDS.test(message)) return true;
  if (OWNER_SAYS.test(message) || OWNER_HAS.test(message)) return true;
  return sentencesOf(message).some((sentence) => namesSomething(sentence) || isStatement(sentence));
}

/** Digits, money (€ is \u20ac), percentages. */
const FIGURES = /[\d£$\u20ac¥%]/;
const NUMBER_WORDS =
  /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|million|dozen|half)\b/i;
/** "we hired", "I run", "we've", "I'm": the owner as the subject, unless asking ("should we", "can I", "do we"). */
const OWNER_SAYS =
  /(?<!\b(?:should|can|could|would|will|shall|do|does|did|must|might|may|am|are|were|was|have|has|had)\s+)\b(?:we|i)(?:'(?:ve|re|m|d|ll)|\s+(?!\?)\S+)/i;
/** "our accountant is Priya", "my shop was flooded". */
const OWNER_HAS = /\b(?:our|my)\s+(?:[\p{L}-]+\s+){0,3}(?:is|are|was|were|has|have|had)\b/iu;
/** Words that open a request rather than a statement ("Plan my posts", "Thanks, that helps"). */
const REQUEST_OPENERS = new Set(
  "tell give help write draft plan make show list suggest explain summarise summarize create compare check find review please thanks thank ok okay great yes no sure cool nice hi hello hey what which who whom whose why how when where is are do does did can could should would will shall may might".split(
    " ",
  ),
);

function sentencesOf(message: string): string[] {
  return message
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** A capitalised word after a sentence's first (a person, a supplier, a town, a month, a weekday). */
function namesSomething(sentence: string): boolean {
  const words = sentence.split(/\s+/).slice(1);
  return words.some((word) => /^[\p{Lu}][\p{Ll}]/u.test(word) && !/^I'/.test(word));
}

/** A sentence of three words or more that does not ask and does not open as a request. */
function isStatement(sentence: string): boolean {
  if (sentence.endsWith("?")) return false;
  const words = sentence.split(/\s+/);
  const first = words[0]?.toLowerCase().replace(/[^\p{L}]/gu, "") ?? "";
  return words.length >= 3 && !REQUEST_OPENERS.has(first);
}
