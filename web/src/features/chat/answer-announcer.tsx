import { useEffect, useRef, useState } from "react";
import type { AnswerPhase } from "#shared/chat";
import type { Director } from "#shared/directors";
import type { ChatUIMessage } from "./chat-api";
import { phaseText } from "./chat-message";
import { textOf } from "./message-item";

/**
 * What a screen reader hears of an answer, politely and once per step rather
 * than token by token: what the director is doing before the first words
 * ("Martha is reading your notes…"), that it is writing, and the finished
 * answer as plain text. History loaded with the conversation is not read out.
 */
export function AnswerAnnouncer(props: {
  director: Director;
  messages: ChatUIMessage[];
  answering: boolean;
  phase: AnswerPhase;
}) {
  const { director, messages, answering, phase } = props;
  const last = messages.at(-1);
  const answer = last?.role === "assistant" ? last : undefined;
  const writing = answering && answer !== undefined && textOf(answer) !== "";
  const [finished, setFinished] = useState("");
  const watched = useRef(false);

  // Only when an answer starts: setting state on every streamed word would re-render the page once more per word.
  useEffect(() => {
    if (!answering) return;
    watched.current = true;
    setFinished("");
  }, [answering]);

  useEffect(() => {
    if (answering || !watched.current) return;
    // The stream has ended; the answer reads as finished once the stored conversation is shown again.
    const status = answer?.metadata?.status;
    if (status === "complete") setFinished(`${director.name} answered: ${plainText(textOf(answer as ChatUIMessage))}`);
    if (status !== undefined && status !== "streaming") watched.current = false;
  }, [answering, answer, director.name]);

  const text = !answering ? finished : writing ? `${director.name} is writing…` : phaseText(director, phase);
  return (
    <p role="status" className="sr-only">
      {text}
    </p>
  );
}

/** An answer's Markdown as a screen reader should read it: no emphasis marks, table rules or code fences. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n?/g, "")
    .replace(/^\s*\|?\s*:?-{3,}.*$/gm, "")
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/^>\s?/gm, "")
    .replace(/[*_`|]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
