/** Only same-site paths are followed after sign-in; anything else is ignored. */
export function safeNext(next: string | null | undefined): string | undefined {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return undefined;
  if (next.startsWith("/login") || next.startsWith("/auth")) return undefined;
  return next;
}
