import { useQuery } from "@tanstack/react-query";
import type { BoardMeeting, BoardOverview, BoardQuestionInput, BoardRetryInput, BoardStreamEvent } from "#shared/board";
import type { DirectorId } from "#shared/directors";
import { ApiError, api, apiFetch, jsonBody, NETWORK_MESSAGE } from "../../../lib/api";

export const boardOverviewKey = ["board"] as const;
export const meetingKey = (id: string) => ["board", "meeting", id] as const;

/** Who can sit in a board meeting, the plan, and the chat limit a question counts against. */
export function useBoardOverview() {
  return useQuery({
    queryKey: boardOverviewKey,
    queryFn: ({ signal }) => api<BoardOverview>("/api/board", { signal }),
  });
}

/** One meeting with its rounds; none while a new meeting has no id yet. */
export function useMeeting(id: string | undefined) {
  return useQuery({
    queryKey: meetingKey(id ?? "none"),
    queryFn: ({ signal }) => api<BoardMeeting>(`/api/board/meetings/${encodeURIComponent(id ?? "")}`, { signal }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

export function stopMeeting(id: string) {
  return api<{ ok: true }>(`/api/board/meetings/${encodeURIComponent(id)}/stop`, { method: "POST", body: {} });
}

export function continueInChat(id: string, directorId: DirectorId) {
  return api<{ conversationId: string; directorId: DirectorId }>(
    `/api/board/meetings/${encodeURIComponent(id)}/continue`,
    { method: "POST", body: { directorId } },
  );
}

/** A question to the board (a new meeting, or a follow-up with its id): the stream of its answers. */
export function askBoard(input: BoardQuestionInput, signal: AbortSignal) {
  return openStream("/api/board/meetings", { method: "POST", body: input, signal });
}

/** One director's answer again (and the memo), or the memo alone. */
export function retryInMeeting(id: string, input: BoardRetryInput, signal: AbortSignal) {
  return openStream(`/api/board/meetings/${encodeURIComponent(id)}/retry`, { method: "POST", body: input, signal });
}

/** What the meeting is still writing, from its first word; undefined when nothing is. */
export function followMeeting(id: string, signal: AbortSignal) {
  return openStream(`/api/board/meetings/${encodeURIComponent(id)}/stream`, { signal });
}

/**
 * Opens a board stream and calls `on` with each event until [DONE]; resolves
 * false when there was nothing to follow (204). Refusals before the stream
 * starts arrive in the shared JSON error shape and throw ApiErrors; a dropped
 * connection throws an ApiError with the code "network".
 */
async function openStream(
  path: string,
  init: { method?: string; body?: unknown; signal: AbortSignal },
): Promise<(on: (event: BoardStreamEvent) => void) => Promise<boolean>> {
  const response = await apiFetch(path, { method: init.method ?? "GET", ...jsonBody(init.body), signal: init.signal });
  return async (on) => {
    if (response.status === 204 || !response.body) return false;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        // Ended without [DONE]: the connection dropped; the answers go on on the server.
        if (done) throw new ApiError(0, "network", NETWORK_MESSAGE);
        buffer += value;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
          if (line === "data: [DONE]") return true;
          if (line.startsWith("data: ")) on(JSON.parse(line.slice(6)) as BoardStreamEvent);
        }
      }
    } catch (error) {
      if ((error as Error).name === "AbortError" || error instanceof ApiError) throw error;
      throw new ApiError(0, "network", NETWORK_MESSAGE);
    }
  };
}
