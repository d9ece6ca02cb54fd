import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { DirectorListResponse } from "#shared/director-states";
import type { Director } from "#shared/directors";
import { api } from "../../lib/api";
import { DIRECTORS_QUERY_KEY } from "./directors-api";

/** How often the director list is read again while a director is still learning. */
const LEARNING_REFRESH_MS = 2000;

/** The director list, read again every moment while any director's index is still being built. */
export function useDirectorsWhileLearning() {
  return useQuery({
    queryKey: DIRECTORS_QUERY_KEY,
    queryFn: () => api<DirectorListResponse>("/api/directors"),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.directors.some((item) => item.learning?.state === "learning") ? LEARNING_REFRESH_MS : false,
  });
}

/**
 * In the chat: the director is still learning from the latest training or
 * profile (a background job builds the index), or stopped with the reason.
 * Chat works meanwhile: the profile and answers go with every question.
 */
export function LearningNote({ director }: { director: Director }) {
  const directors = useDirectorsWhileLearning();
  const learning = directors.data?.directors.find((item) => item.id === director.id)?.learning;
  if (!learning || learning.state === "ready") return null;
  if (learning.state === "failed") {
    return (
      <div
        role="alert"
        className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
      >
        <p>{learning.message}</p>
        <Link to={`/train-director/${director.id}`} className="font-semibold underline">
          Try again
        </Link>
      </div>
    );
  }
  return (
    <p
      role="status"
      className="mb-5 flex items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900"
    >
      <span aria-hidden="true" className="h-2 w-2 flex-none animate-pulse rounded-full bg-brand-600" />
      {director.name} is still learning from your latest answers. You can already ask: your profile and training answers
      go with every question.
    </p>
  );
}
