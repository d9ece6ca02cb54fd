import { type ComponentProps, type ReactNode, Suspense } from "react";
import { lazyNamed } from "../lib/lazy-named";

const loadMarkdown = () => import("./markdown");
const ChatMarkdown = lazyNamed(loadMarkdown, "ChatMarkdown");

/**
 * Starts fetching the Markdown renderer (a large module) before an answer
 * needs it: when a question is sent, or a stored answer is about to show.
 */
export function preloadMarkdown() {
  void loadMarkdown();
}

type Props = { text: string; cite?: (n: number) => ReactNode } & Omit<ComponentProps<"div">, "children">;

/**
 * ChatMarkdown (components/markdown.tsx) without fetching its renderer for
 * text that has no Markdown in it, such as a welcome message: that shows as
 * the same paragraphs the renderer would make. Text with Markdown shows as
 * plain paragraphs until the renderer has arrived, then formatted.
 */
export function DeferredMarkdown(props: Props) {
  const { text, cite, ...rest } = props;
  const plain = <PlainParagraphs text={text} {...rest} />;
  if (!hasMarkdown(text)) return plain;
  return (
    <Suspense fallback={plain}>
      <ChatMarkdown {...props} />
    </Suspense>
  );
}

function PlainParagraphs({ text, ...props }: Omit<Props, "cite">) {
  const paragraphs = text.split(/\n[ \t]*\n/).filter((paragraph) => paragraph.trim() !== "");
  return (
    <div {...props}>
      {paragraphs.map((paragraph, index) => (
        // A paragraph as markdown.tsx renders one.
        // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one text, never reordered.
        <p key={index} className="my-2 first:mt-0 last:mb-0">
          {paragraph.trim()}
        </p>
      ))}
    </div>
  );
}

/**
 * Whether the text may hold anything Markdown (GitHub's flavour) renders
 * otherwise than as paragraphs: emphasis, code, headings, quotes, tables,
 * links and autolinks, HTML and entities, escapes, hard breaks, rules, lists
 * and indented code. Erring towards yes only costs fetching the renderer.
 */
function hasMarkdown(text: string): boolean {
  return /[*_`#>|[\]<&~\\@]|https?:|www\.| {2}\n/i.test(text) || /^(?: {4}|\t| {0,3}(?:[-+=]|\d{1,9}[.)]))/m.test(text);
}
