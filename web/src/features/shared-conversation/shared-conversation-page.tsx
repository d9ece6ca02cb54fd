import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import type { SharedConversation } from "#shared/chat";
import { type Director, findDirector } from "#shared/directors";
import { BoardAvatar } from "../../components/board-avatar";
import { DirectorAvatar } from "../../components/director-avatar";
import { ChatMarkdown } from "../../components/markdown";
import { Loading, Skeleton } from "../../components/ui/skeleton";
import { api } from "../../lib/api";
import { formatDateTime } from "../../lib/format-date";

/**
 * /shared/:token: a conversation someone shared, read-only, for anyone with
 * the link (signed in or not). It shows the director (or a board meeting's
 * directors and memo) and the messages, and nothing else of the owner;
 * search engines are asked not to index it.
 */
export function SharedConversationPage() {
  const { token = "" } = useParams();
  const [state, setState] = useState<{ data?: SharedConversation; error?: string }>({});

  useEffect(() => {
    const controller = new AbortController();
    api<SharedConversation>(`/api/shared/${encodeURIComponent(token)}`, { signal: controller.signal }).then(
      (data) => setState({ data }),
      (error: Error) => {
        if (error.name !== "AbortError") setState({ error: error.message });
      },
    );
    return () => controller.abort();
  }, [token]);

  const board = state.data?.directorId === "board";
  const seats = (state.data?.directors ?? [])
    .map((id) => findDirector(id))
    .filter((seat): seat is Director => seat !== undefined);
  // A board meeting's answers each show their own director; the first stands in where one is needed.
  const director = state.data ? (board ? seats[0] : findDirector(state.data.directorId)) : undefined;
  const authorOf = (directorId: string | undefined, fallback: Director) =>
    (directorId ? findDirector(directorId) : undefined) ?? fallback;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <meta name="robots" content="noindex, nofollow" />
      <title>
        {board
          ? "A board meeting · Directors"
          : director
            ? `A conversation with ${director.name} · Directors`
            : "Shared conversation · Directors"}
      </title>
      {state.error ? (
        <div role="alert" className="rounded-2xl border border-slate-200 bg-white p-6 text-center">
          <h1 className="text-xl font-semibold text-slate-900">This conversation is not available</h1>
          <p className="mt-2 text-sm text-slate-600">{state.error}</p>
          <Link
            to="/"
            className="mt-4 inline-block text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            Learn about Directors
          </Link>
        </div>
      ) : !state.data || !director ? (
        <Loading label="Loading conversation…" className="space-y-4">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-24 w-full rounded-2xl" />
        </Loading>
      ) : (
        <>
          <header className="flex items-center gap-3">
            {board ? <BoardAvatar /> : <DirectorAvatar director={director} />}
            <div>
              <h1 className="text-xl font-semibold text-slate-900">
                {board ? "A board meeting" : `A conversation with ${director.name}`}
              </h1>
              <p className="text-sm text-slate-600">
                {board ? seats.map((seat) => seat.name).join(", ") : director.title} · shared read-only from Directors,
                AI advisers for small businesses
              </p>
            </div>
          </header>
          <ol aria-label={board ? "Board meeting" : `Conversation with ${director.name}`} className="mt-8 space-y-5">
            {state.data.messages.map((message) => (
              <li
                key={`${message.createdAt}-${message.sender}`}
                className={message.sender === "user" ? "flex flex-col items-end gap-1" : "flex flex-col gap-1"}
              >
                {message.sender === "user" ? (
                  <div className="max-w-[85%] rounded-2xl rounded-br-md bg-brand-700 px-4 py-2.5 text-[0.9375rem] leading-relaxed whitespace-pre-wrap text-white sm:max-w-[75%]">
                    <span className="sr-only">The owner asked: </span>
                    {message.content}
                  </div>
                ) : message.directorId === "board" ? (
                  <div className="flex items-start gap-3">
                    <BoardAvatar size="sm" />
                    <div className="min-w-0 max-w-[85%] rounded-2xl rounded-tl-md border border-brand-200 bg-brand-50/50 px-4 py-2.5 text-[0.9375rem] leading-relaxed text-slate-800 sm:max-w-[75%]">
                      <p className="mb-1 text-xs font-semibold tracking-wide text-brand-800 uppercase">Board memo</p>
                      <ChatMarkdown text={message.content} className="wrap-anywhere" />
                    </div>
                  </div>
                ) : (
                  <div className="flex items-start gap-3">
                    <DirectorAvatar director={authorOf(message.directorId, director)} size="sm" />
                    <div className="min-w-0 max-w-[85%] rounded-2xl rounded-tl-md border border-slate-200 bg-white px-4 py-2.5 text-[0.9375rem] leading-relaxed text-slate-800 sm:max-w-[75%]">
                      <span className={board ? "mb-1 block text-xs font-semibold text-slate-600" : "sr-only"}>
                        {authorOf(message.directorId, director).name}
                        {board ? "" : " answered: "}
                      </span>
                      <ChatMarkdown text={message.content} className="wrap-anywhere" />
                    </div>
                  </div>
                )}
                <time dateTime={message.createdAt} className="px-1 text-xs text-slate-500 sm:pl-11">
                  {formatDateTime(message.createdAt)}
                </time>
              </li>
            ))}
          </ol>
          <p className="mt-10 border-t border-slate-200 pt-6 text-center text-sm text-slate-600">
            <Link to="/" className="font-medium text-brand-700 underline-offset-4 hover:underline">
              Directors
            </Link>{" "}
            gives small-business owners AI department heads trained on their own business.
          </p>
        </>
      )}
    </div>
  );
}
