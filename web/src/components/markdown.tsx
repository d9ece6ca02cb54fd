import { type ComponentProps, type ReactNode, useMemo } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

/**
 * An answer as safe Markdown: lists, bold, tables and links (GitHub flavour).
 * Raw HTML in the text is shown as text, never rendered, and the default URL
 * filter drops javascript: and other unsafe links.
 */
const COMPONENTS: Components = {
  p: (props) => <p className="my-2 first:mt-0 last:mb-0" {...strip(props)} />,
  ul: (props) => <ul className="my-2 list-disc space-y-1 pl-5" {...strip(props)} />,
  ol: (props) => <ol className="my-2 list-decimal space-y-1 pl-5" {...strip(props)} />,
  li: (props) => <li className="pl-0.5" {...strip(props)} />,
  h1: (props) => <h3 className="mt-4 mb-2 text-base font-semibold first:mt-0" {...strip(props)} />,
  h2: (props) => <h3 className="mt-4 mb-2 text-base font-semibold first:mt-0" {...strip(props)} />,
  h3: (props) => <h4 className="mt-3 mb-1.5 font-semibold first:mt-0" {...strip(props)} />,
  h4: (props) => <h4 className="mt-3 mb-1.5 font-semibold first:mt-0" {...strip(props)} />,
  strong: (props) => <strong className="font-semibold text-slate-900" {...strip(props)} />,
  a: ({ node: _node, ...props }) => (
    <a
      className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
      target="_blank"
      rel="noopener noreferrer nofollow"
      {...props}
    />
  ),
  blockquote: (props) => (
    <blockquote className="my-2 border-l-4 border-slate-200 pl-3 text-slate-700" {...strip(props)} />
  ),
  code: (props) => <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em]" {...strip(props)} />,
  pre: (props) => (
    // Focusable, so a line wider than the bubble can be scrolled with the keyboard.
    <pre
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block of code must be reachable by keyboard.
      tabIndex={0}
      className="my-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm text-slate-100 [&_code]:bg-transparent [&_code]:p-0"
      {...strip(props)}
    />
  ),
  hr: () => <hr className="my-4 border-slate-200" />,
  table: (props) => (
    // A region the keyboard can reach and scroll when the table is wider than the bubble.
    <section
      aria-label="Table"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard.
      tabIndex={0}
      className="my-3 overflow-x-auto rounded-lg border border-slate-200"
    >
      <table className="w-full border-collapse text-left text-sm" {...strip(props)} />
    </section>
  ),
  thead: (props) => <thead className="bg-slate-50" {...strip(props)} />,
  th: (props) => <th className="border-b border-slate-200 px-3 py-2 font-semibold" {...strip(props)} />,
  td: (props) => <td className="border-b border-slate-100 px-3 py-2 align-top" {...strip(props)} />,
};

/** react-markdown passes its syntax-tree node to every component; it must not reach the DOM. */
function strip<T extends { node?: unknown }>(props: T): Omit<T, "node"> {
  const { node: _node, ...rest } = props;
  return rest;
}

export function ChatMarkdown({
  text,
  cite,
  ...props
}: {
  text: string;
  /** Renders a citation link ("#cite-3" in the text, see citedMarkdown) in place of a plain link. */
  cite?: (n: number) => ReactNode;
} & Omit<ComponentProps<"div">, "children">) {
  const components = useMemo<Components>(() => {
    if (!cite) return COMPONENTS;
    const Anchor = COMPONENTS.a as (props: ComponentProps<"a"> & { node?: unknown }) => ReactNode;
    return {
      ...COMPONENTS,
      a: (link) => {
        const citation = /^#cite-(\d+)$/.exec(link.href ?? "");
        return citation ? cite(Number(citation[1])) : <Anchor {...link} />;
      },
    };
  }, [cite]);
  return (
    <div {...props}>
      <Markdown remarkPlugins={[remarkGfm]} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
