import { useQuery } from "@tanstack/react-query";
import type { DirectorId } from "#shared/directors";
import {
  isFinished,
  type KnowledgeListResponse,
  type KnowledgeSourceItem,
  type NoteEdit,
  type NoteInput,
  type SourceText,
  type SourceUpdate,
  type WebPageInput,
} from "#shared/knowledge";
import { api, apiFetch } from "../../lib/api";

export const KNOWLEDGE_QUERY_KEY = ["knowledge"] as const;

/** How often the list is read again while a source is still being read or indexed. */
const LIVE_REFRESH_MS = 1500;

/** The owner's sources and usage; refreshed every moment while any source is on its way, so states change live. */
export function useKnowledge(options: { enabled?: boolean } = {}) {
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: KNOWLEDGE_QUERY_KEY,
    queryFn: () => api<KnowledgeListResponse>("/api/knowledge"),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.sources.some((source) => !isFinished(source.status)) ? LIVE_REFRESH_MS : false,
  });
}

type SourceResponse = { source: KnowledgeSourceItem };

/** One file, sent on its own so a bad file in a batch fails alone. */
export async function uploadFile(file: File, directorIds: DirectorId[] | null): Promise<KnowledgeSourceItem> {
  const form = new FormData();
  form.append("file", file, file.name);
  if (directorIds) form.append("directorIds", JSON.stringify(directorIds));
  const response = await apiFetch("/api/knowledge/files", { method: "POST", body: form });
  return ((await response.json()) as SourceResponse).source;
}

export async function addWebPage(input: WebPageInput) {
  return (await api<SourceResponse>("/api/knowledge/web", { body: input })).source;
}

export async function addNote(input: NoteInput) {
  return (await api<SourceResponse>("/api/knowledge/notes", { body: input })).source;
}

export async function updateSource(id: string, update: SourceUpdate) {
  return (await api<SourceResponse>(`/api/knowledge/${id}`, { method: "PATCH", body: update })).source;
}

export async function editNote(id: string, edit: NoteEdit) {
  return (await api<SourceResponse>(`/api/knowledge/${id}/note`, { method: "PUT", body: edit })).source;
}

/** What was read from a source, part by part. */
export function readSourceText(id: string) {
  return api<SourceText>(`/api/knowledge/${id}/text`);
}

export async function retrySource(id: string) {
  return (await api<SourceResponse>(`/api/knowledge/${id}/retry`, { body: {} })).source;
}

export async function refetchSource(id: string) {
  return (await api<SourceResponse>(`/api/knowledge/${id}/refetch`, { body: {} })).source;
}

export async function deleteSource(id: string) {
  await api<{ ok: true }>(`/api/knowledge/${id}`, { method: "DELETE", body: {} });
}

export function originalUrl(id: string) {
  return `/api/knowledge/${id}/original`;
}
