import { Suspense } from "react";
import { withoutCitations } from "#shared/answer-sources";
import type { AnswerPhase } from "#shared/chat";
import type { Director } from "#shared/directors";
import { preloadMarkdown } from "../../components/deferred-markdown";
import { lazyNamed } from "../../lib/lazy-named";
import { MakeDocumentButton } from "../documents/make-document-button";
import type { ChatUIMessage } from "./chat-api";
import { ChatBubble } from "./chat-message";
import { RepeatButtons } from "./repeat-buttons";

// What a stored message offers (actions, versions, what was noted) and a board memo carried on here are fetched when
// one is first shown, not with the page.
const loadActions = () => import("./message-actions");
const loadMemory = () => import("../memory/answer-memory");
const AnswerMemory = lazyNamed(loadMemory, "AnswerMemory");
const loadCarriedMemo = () => import("./board/carried-memo");
const CarriedMemo = lazyNamed(loadCarriedMemo, "CarriedMemo");
const AnswerFeedback = lazyNamed(loadActions, "AnswerFeedback");
const CopyButton = lazyNamed(loadActions, "CopyButton");
const EditButton = lazyNamed(loadActions, "EditButton");
const QuestionEditor = lazyNamed(loadActions, "QuestionEditor");
const RegenerateButton = lazyNamed(loadActions, "RegenerateButton");
const VersionSwitcher = lazyNamed(loadActions, "VersionSwitcher");
const ListenButton = lazyNamed(() => import("./listen-button"), "ListenButton");

/** Starts fetching what answers are shown with: when a question is sent, or a stored conversation has loaded. */
export function preloadMessageParts() {
  preloadMarkdown();
  void loadActions();
  void loadMemory();
  void loadCarriedMemo();
}

/**
 * One message of the conversation with what can be done with it: a question
 * (the last one can be edited; versions flipped), or an answer (copy,
 * regenerate the last one, rate it, flip versions).
 */
export function MessageItem(props: {
  message: ChatUIMessage;
  director: Director;
  /** The conversation on screen, once it has been stored. */
  conversationId: string | undefined;
  /** An answer's question, for "Repeat weekly" and "Repeat monthly". */
  question?: string;
  isLast: boolean;
  isLastQuestion: boolean;
  answering: boolean;
  phase: AnswerPhase;
  retry: { at: number; onStop: () => void } | undefined;
  editing: boolean;
  highlighted: boolean;
  onRetry: (() => void) | undefined;
  onRegenerate: () => void;
  onEdit: () => void;
  onCancelEdit: () => void;
  onSendEdit: (text: string) => void;
  onVersionShown: () => void;
}) {
  const { message, director } = props;
  const text = textOf(message);
  const metadata = message.metadata;
  const storedId = metadata?.messageId;
  const question = props.question;
  // What the question's bubble and the answer's both show.
  const bubble = {
    director,
    text,
    createdAt: metadata?.createdAt,
    messageId: storedId,
    highlighted: props.highlighted,
  };
  // The question's and the answer's earlier versions, once the message is stored.
  const versionSwitcher = (kind: "question" | "answer") =>
    storedId ? (
      <VersionSwitcher
        versions={metadata?.versions}
        currentId={storedId}
        kind={kind}
        disabled={props.answering}
        onShown={props.onVersionShown}
      />
    ) : null;
  // A board memo this chat was carried on from.
  if (metadata?.directorId === "board") {
    return (
      <Suspense fallback={null}>
        <CarriedMemo text={text} createdAt={metadata.createdAt} />
      </Suspense>
    );
  }
  if (message.role === "user") {
    return (
      <ChatBubble
        {...bubble}
        sender="user"
        editor={
          props.editing ? (
            <Suspense fallback={null}>
              <QuestionEditor text={text} onSend={props.onSendEdit} onCancel={props.onCancelEdit} />
            </Suspense>
          ) : undefined
        }
        actions={
          props.editing ? null : (
            <Suspense fallback={null}>
              {versionSwitcher("question")}
              {props.isLastQuestion && !props.answering && storedId ? (
                <EditButton onClick={props.onEdit} disabled={props.answering} />
              ) : null}
            </Suspense>
          )
        }
      />
    );
  }
  const status = metadata?.status;
  const finished = status === "complete" || (status === "stopped" && text !== "");
  return (
    <ChatBubble
      {...bubble}
      sender="ai"
      status={status}
      errorCode={metadata?.errorCode}
      phase={props.phase}
      retry={props.retry}
      sources={metadata?.sources}
      onRetry={props.onRetry}
      footer={
        storedId && !(props.isLast && props.answering) ? (
          <Suspense fallback={null}>
            <AnswerMemory director={director} conversationId={props.conversationId} messageId={storedId} />
          </Suspense>
        ) : undefined
      }
      actions={
        finished && !(props.isLast && props.answering) ? (
          <Suspense fallback={null}>
            {/* Markers mean nothing away from the Sources row: copied text goes without them. */}
            <CopyButton text={metadata?.sources ? withoutCitations(text) : text} />
            <ListenButton messageId={storedId} text={text} />
            {props.isLast && status === "complete" && metadata?.errorCode !== "ai:not_configured" ? (
              <RegenerateButton onClick={props.onRegenerate} disabled={props.answering} />
            ) : null}
            {storedId && status === "complete" && question ? (
              <RepeatButtons
                directorId={director.id}
                directorName={director.name}
                question={() => question}
                buttonClassName="h-11 rounded-md px-2 text-xs font-medium text-slate-600 hover:bg-slate-200/70 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40 sm:h-8"
              />
            ) : null}
            {storedId && status === "complete" ? (
              <AnswerFeedback messageId={storedId} rating={metadata?.rating} reason={metadata?.ratingReason} />
            ) : null}
            {storedId && status === "complete" && metadata?.errorCode !== "ai:not_configured" ? (
              <MakeDocumentButton messageId={storedId} directorId={director.id} />
            ) : null}
            {versionSwitcher("answer")}
          </Suspense>
        ) : null
      }
    />
  );
}

export function textOf(message: ChatUIMessage): string {
  return message.parts.map((part) => (part.type === "text" ? part.text : "")).join("");
}
