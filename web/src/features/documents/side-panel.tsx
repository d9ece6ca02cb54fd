import type { ReactNode } from "react";

/** A titled panel beside the document (sources, assumptions, versions): a section named by its heading. */
export function SidePanel({
  id,
  title,
  className = "grid gap-3",
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-sm font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
