import type { ReactNode } from "react";

/**
 * The top of an owner's page: a short line in the brand colour over the title, then what the page is for. `children`
 * follow the description (a link onwards, say).
 */
export function PageHeader(props: {
  eyebrow: ReactNode;
  title: ReactNode;
  description: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <header className={props.className}>
      <p className="text-sm font-semibold text-brand-700">{props.eyebrow}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{props.title}</h1>
      <p className="mt-2 text-slate-600">{props.description}</p>
      {props.children}
    </header>
  );
}
