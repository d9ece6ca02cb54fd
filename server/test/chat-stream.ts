/** Reading the chat's UI message stream in tests: one server-sent event per part, then [DONE]. */

export type StreamPart = {
  type: string;
  messageId?: string;
  delta?: string;
  errorText?: string;
  data?: unknown;
  messageMetadata?: Record<string, unknown>;
};

export async function streamParts(response: Response): Promise<StreamPart[]> {
  const text = await response.text();
  return text
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as StreamPart);
}

export function streamedText(parts: StreamPart[]): string {
  return parts
    .filter((part) => part.type === "text-delta")
    .map((part) => part.delta)
    .join("");
}
