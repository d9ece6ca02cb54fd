import { useQuery } from "@tanstack/react-query";
import { Dialog } from "radix-ui";
import { useState } from "react";
import type { KnowledgeSourceItem } from "#shared/knowledge";
import { QueryView } from "../../components/query-view";
import { Button } from "../../components/ui/button";
import { LoadingBlocks } from "../../components/ui/loading-blocks";
import { readSourceText } from "./knowledge-api";

/**
 * What was read from a source, one part at a time with where it sits (a
 * PDF's pages, a Word file's sections): the text the directors know.
 */
export function SourceTextDialog(props: {
  source: KnowledgeSourceItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { source } = props;
  const text = useQuery({
    queryKey: ["knowledge", "text", source.id, source.readyAt],
    queryFn: () => readSourceText(source.id),
    enabled: props.open,
  });
  const [index, setIndex] = useState(0);
  const parts = text.data?.parts ?? [];
  const shown = Math.min(index, Math.max(parts.length - 1, 0));
  const part = parts[shown];

  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(open) => {
        if (open) setIndex(0);
        props.onOpenChange(open);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[1px]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6">
          <div className="min-w-0">
            <Dialog.Title className="truncate text-lg font-semibold text-slate-900" title={source.name}>
              {source.name}
            </Dialog.Title>
            <Dialog.Description className="text-sm text-slate-600">
              The text your directors read from it{text.data?.truncated ? ": only its first part is used." : "."}
            </Dialog.Description>
          </div>
          <QueryView
            query={text}
            loading={
              <LoadingBlocks
                label="Loading the text…"
                className="grid gap-2"
                blocks={["h-4 w-3/4", "h-4 w-full", "h-4 w-2/3"]}
              />
            }
            errorClassName="text-sm font-medium text-red-700"
          >
            {() => (
              <>
                <h3 className="text-sm font-semibold text-slate-800" aria-live="polite">
                  {partLabel(part?.location ?? null, shown, parts.length)}
                </h3>
                <section
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a long page of text must be scrollable by keyboard.
                  tabIndex={0}
                  aria-label="Text read"
                  className="min-h-24 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap text-slate-800"
                >
                  {part?.text ? part.text : <span className="text-slate-500">No text was found here.</span>}
                </section>
              </>
            )}
          </QueryView>
          <div className="flex flex-wrap items-center justify-between gap-2">
            {parts.length > 1 ? (
              <div className="flex gap-2">
                <Button size="sm" variant="secondary" disabled={shown === 0} onClick={() => setIndex(shown - 1)}>
                  Previous
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={shown >= parts.length - 1}
                  onClick={() => setIndex(shown + 1)}
                >
                  Next
                </Button>
              </div>
            ) : (
              <span />
            )}
            <Dialog.Close asChild>
              <Button size="sm">Close</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** "Page 2 of 3", or "Section “Prices” · 2 of 5" where the parts are not pages. */
function partLabel(location: string | null, index: number, count: number): string {
  const position = `${index + 1} of ${count}`;
  if (location?.startsWith("page ")) return `Page ${position}`;
  if (!location) return count > 1 ? `Part ${position}` : "All of it";
  return `${location.charAt(0).toUpperCase()}${location.slice(1)} · ${position}`;
}
