import type { DirectorId } from "./directors";
import { KEY_FACTS, type KeyFact } from "./key-facts";

/**
 * Reading an owner's text against the key facts (shared/key-facts.ts): which facts a question touches, and whether a
 * sentence states one.
 */

/** What separates the words matched against key facts: all but letters, digits and & ' % $ £ € (\u20ac) -. */
const NOT_WORD_CHARACTERS = /[^a-z0-9&'%$£\u20ac-]+/g;

/** The text's words, lower case, each with a space before and after, for matching whole words and phrases. */
function spacedWords(text: string): string {
  return ` ${text.toLowerCase().replace(NOT_WORD_CHARACTERS, " ")} `;
}

/** The director's key facts a piece of text touches (a question, or a fact written by hand), in list order. */
export function keyFactsTouched(directorId: DirectorId, text: string): KeyFact[] {
  const words = spacedWords(text);
  return KEY_FACTS[directorId].filter((fact) =>
    [fact.label.toLowerCase(), ...fact.keywords].some((keyword) => words.includes(` ${keyword}`)),
  );
}

/** A figure in a sentence: digits, or a number in words ("two of nine", "nobody", "about half"). */
const FIGURE =
  /\d|\b(?:zero|none|nobody|no one|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|million|half|third|quarter|dozen|a couple|a few)\b/;

/** Whether a sentence of the owner's text states the key fact (see `statedBy`). */
export function keyFactStated(keyFact: KeyFact, text: string): boolean {
  const phrases = keyFact.statedBy;
  if (!phrases) return false;
  return text.split(/[.!?]+(?=\s|$)|[\n;]+/).some((sentence) => {
    const words = spacedWords(sentence);
    return (
      phrases.some((phrase) => words.includes(` ${phrase} `)) &&
      (keyFact.statedWithoutFigure || FIGURE.test(sentence.toLowerCase()))
    );
  });
}
