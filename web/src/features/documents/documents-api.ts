import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type {
  CreateDocumentInput,
  DocumentBody,
  DocumentSummary,
  DocumentView,
  DraftEvent,
  SharedDocument,
  VersionContent,
} from "#shared/documents";
import { api, errorFrom } from "../../lib/api";
import { takeEarly } from "../../lib/early-request";

/** The documents' requests and cache keys; the chat reaches this feature only through here and its button. */

export const DOCUMENTS_QUERY_KEY = ["documents"] as const;
export const documentQueryKey = (id: string) => ["documents", id] as const;

/** How often a document still being drafted elsewhere (another tab, before a reload) is read again. */
const DRAFTING_REFRESH_MS = 1500;

export function useDocuments(query: string) {
  return useQuery({
    queryKey: [...DOCUMENTS_QUERY_KEY, "list", query],
    queryFn: () =>
      api<{ documents: DocumentSummary[] }>(`/api/documents${query ? `?q=${encodeURIComponent(query)}` : ""}`),
    staleTime: 0,
  });
}

export function useDocument(id: string | undefined) {
  return useQuery({
    enabled: id !== undefined,
    queryKey: documentQueryKey(id ?? ""),
    // On a page opened at this document's address, the app asked for it as it started (app/router.tsx).
    queryFn: () => takeEarly<DocumentView>(`/api/documents/${id}`) ?? api<DocumentView>(`/api/documents/${id}`),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === "drafting" ? DRAFTING_REFRESH_MS : false),
  });
}

/**
 * Starts a drafting (or a Retry) and follows it: each event as it arrives, one JSON object per line. Resolves with
 * the stored document once the drafting has ended.
 */
export async function followDrafting(
  request: { path: string; body: unknown },
  onEvent: (event: DraftEvent) => void,
): Promise<DocumentView> {
  const response = await fetch(request.path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(request.body),
    credentials: "same-origin",
  });
  if (!response.ok || !response.body) throw await errorFrom(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  let ended: DocumentView | undefined;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      if (line.trim() === "") continue;
      const event = JSON.parse(line) as DraftEvent;
      if (event.type === "end") ended = event.document;
      onEvent(event);
    }
  }
  if (!ended) throw new Error("The drafting was cut off. Open the document again to see where it got to.");
  return ended;
}

export const startDrafting = (input: CreateDocumentInput, onEvent: (event: DraftEvent) => void) =>
  followDrafting({ path: "/api/documents", body: input }, onEvent);

export const retryDrafting = (id: string, onEvent: (event: DraftEvent) => void) =>
  followDrafting({ path: `/api/documents/${id}/retry`, body: {} }, onEvent);

export const saveDocument = (id: string, baseVersion: number, body: DocumentBody) =>
  api<DocumentView>(`/api/documents/${id}/content`, { method: "PUT", body: { baseVersion, body } });

export const askForChange = (id: string, input: { baseVersion: number; selection: string; instruction: string }) =>
  api<DocumentView>(`/api/documents/${id}/change`, { body: input });

export const restoreVersion = (id: string, baseVersion: number, number: number) =>
  api<DocumentView>(`/api/documents/${id}/restore`, { body: { baseVersion, number } });

export const readVersion = (id: string, number: number) =>
  api<{ number: number; content: VersionContent }>(`/api/documents/${id}/versions/${number}`);

export const renameDocument = (id: string, title: string) =>
  api<DocumentView>(`/api/documents/${id}`, { method: "PATCH", body: { title } });

export const deleteDocument = (id: string) => api<{ ok: true }>(`/api/documents/${id}`, { method: "DELETE", body: {} });

export const tellRealValue = (id: string, index: number, value: string) =>
  api<{ fact: { statement: string } }>(`/api/documents/${id}/assumptions/${index}`, { body: { value } });

export const shareDocument = (id: string) => api<{ token: string }>(`/api/documents/${id}/share`, { body: {} });

export const revokeDocumentShare = (id: string) =>
  api<{ ok: true }>(`/api/documents/${id}/share`, { method: "DELETE", body: {} });

export const readSharedDocument = (token: string) => api<SharedDocument>(`/api/shared-documents/${token}`);

export const exportAddress = (id: string, format: string) => `/api/documents/${id}/export?format=${format}`;

// ---- Versions saved elsewhere ----

/** Tabs of this browser tell each other at once when they save a version; other browsers are asked every so often. */
const VERSIONS_CHANNEL = "directors-document-versions";
/** How often an open document asks the server whether another browser or device saved a newer version. */
const HEAD_REFRESH_MS = 10_000;

type VersionSaved = { id: string; version: number };

/** Tells the other tabs of this browser that this one saved (or loaded) a version of the document. */
export function announceVersion(id: string, version: number) {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(VERSIONS_CHANNEL);
  channel.postMessage({ id, version } satisfies VersionSaved);
  channel.close();
}

/**
 * The newest version of the document saved somewhere else (another tab at once, another browser within
 * HEAD_REFRESH_MS or when this tab is shown again), once it is newer than `base`; otherwise undefined.
 */
export function useNewerVersion(id: string, base: number): number | undefined {
  const [newest, setNewest] = useState(base);
  useEffect(() => {
    const seen = (version: number) => setNewest((known) => Math.max(known, version));
    const channel = typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(VERSIONS_CHANNEL);
    channel?.addEventListener("message", (event: MessageEvent<VersionSaved>) => {
      if (event.data.id === id) seen(event.data.version);
    });
    const ask = () => {
      if (document.visibilityState !== "visible") return;
      api<{ currentVersion: number }>(`/api/documents/${id}/head`).then(
        (head) => seen(head.currentVersion),
        () => {}, // offline for a moment: the next ask will tell
      );
    };
    const timer = setInterval(ask, HEAD_REFRESH_MS);
    document.addEventListener("visibilitychange", ask);
    return () => {
      channel?.close();
      clearInterval(timer);
      document.removeEventListener("visibilitychange", ask);
    };
  }, [id]);
  return newest > base ? newest : undefined;
}
