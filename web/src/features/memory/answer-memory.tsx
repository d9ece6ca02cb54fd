import { useState } from "react";
import type { Director } from "#shared/directors";
import type { KeyFactAsk } from "#shared/memory";
import { bookmarkIcon } from "../../components/ui/app-icons";
import { Icon } from "../../components/ui/icon";
import { chevronDownIcon } from "../../components/ui/page-icons";
import { FactAsk } from "./fact-ask";
import { FactItem } from "./fact-item";
import { useConversationMemory } from "./memory-api";

/**
 * Under an answer: a quiet line, "Martha noted 2 things", that opens the facts
 * the director noted from the turn, each with Keep, Edit and Dismiss; and on
 * the last answer the director's ask for one missing key fact. Facts are
 * looked for in the background once an answer is complete, so the line
 * appears a moment after it (mounting once the answer has ended reads the
 * conversation's memory again, and it is read again while still "pending").
 */
export function AnswerMemory(props: { director: Director; conversationId: string | undefined; messageId: string }) {
  const { director, conversationId, messageId } = props;
  const memory = useConversationMemory(conversationId);
  const answer = memory.data?.answers[messageId];
  const [open, setOpen] = useState(false);
  // An ask stays on screen once shown, so the owner sees their answer taken (the server then stops asking).
  const [ask, setAsk] = useState<KeyFactAsk | undefined>();
  const [askDone, setAskDone] = useState(false);
  if (answer?.ask && !ask && !askDone) setAsk(answer.ask);

  const facts = answer?.facts ?? [];
  if (facts.length === 0 && !ask) return null;
  const proposed = facts.filter((fact) => fact.status === "proposed").length;
  const things = `${facts.length} ${facts.length === 1 ? "thing" : "things"}`;
  const line =
    proposed > 0
      ? `${director.name} noted ${things}${facts.length > proposed ? ` · ${facts.length - proposed} kept` : ""}`
      : `${director.name} remembers ${things}`;

  return (
    <div className="grid w-full gap-2">
      {facts.length > 0 ? (
        <div>
          <button
            type="button"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
            className="inline-flex items-center gap-1.5 rounded-md px-1 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-200/60 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Icon drawing={bookmarkIcon} className="h-3.5 w-3.5" />
            {line}
            <Icon
              drawing={chevronDownIcon}
              className={`h-3.5 w-3.5 transition-transform ${open ? "rotate-180" : ""}`}
            />
          </button>
          {open ? (
            <ul aria-label={`What ${director.name} noted`} className="mt-2 grid gap-2">
              {facts.map((fact) => (
                <FactItem key={fact.id} fact={fact} showSource={false} />
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {ask && !askDone ? (
        <FactAsk director={director} ask={ask} messageId={messageId} onPostponed={() => setAskDone(true)} />
      ) : null}
    </div>
  );
}
