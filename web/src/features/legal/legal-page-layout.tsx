import type { ReactNode } from "react";
import { SiteFooter } from "../../components/site-footer";
import { usePageTitle } from "../../lib/use-page-title";

/** The shared frame of the terms, privacy and contact pages: a title band, a readable column, the footer. */
export function LegalPageLayout({
  title,
  updated,
  intro,
  children,
}: {
  title: string;
  /** Shown as "Last updated …"; omitted on pages that are not policies. */
  updated?: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <>
      <div className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:px-6 sm:py-16">
        <div className="mx-auto max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          {updated ? <p className="mt-3 text-sm text-slate-600">Last updated {updated}</p> : null}
          <div className="mt-5 text-lg text-pretty text-slate-700">{intro}</div>
        </div>
      </div>
      <div className="px-4 py-12 sm:px-6 sm:py-16">
        <div className="mx-auto max-w-3xl space-y-10">{children}</div>
      </div>
      <SiteFooter />
    </>
  );
}

/** One titled section; paragraphs and lists inside get the page's reading style. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-4 leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5"
    >
      <h2 id={id} className="text-xl font-semibold tracking-tight text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
