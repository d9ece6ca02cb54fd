import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { cn } from "../lib/cn";
import { QueryView } from "./query-view";
import { Card } from "./ui/card";

type SectionProps = {
  id: string;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  tone?: "default" | "danger";
};

/** One card of the settings screen, with its heading, a line of explanation and an optional action. */
export function SettingsSection(props: SectionProps & { children: ReactNode }) {
  const headingId = `${props.id}-heading`;
  return (
    <section id={props.id} aria-labelledby={headingId} className="scroll-mt-24">
      <Card className={cn("p-5 sm:p-6", props.tone === "danger" && "border-red-200")}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              {props.title}
            </h2>
            {props.description ? <p className="mt-1 text-sm text-slate-600">{props.description}</p> : null}
          </div>
          {props.action ? <div className="shrink-0">{props.action}</div> : null}
        </div>
        <div className="mt-5">{props.children}</div>
      </Card>
    </section>
  );
}

/**
 * A settings card whose content comes from one query: "Loading..." (or `loading`) while it is read, the error's
 * message if it could not be, then `children` with the data.
 */
export function SettingsQuerySection<T>({
  query,
  loading = <p className="text-sm text-slate-600">Loading...</p>,
  errorClassName = "text-sm text-red-700",
  children,
  ...section
}: SectionProps & {
  query: UseQueryResult<T>;
  loading?: ReactNode;
  errorClassName?: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <SettingsSection {...section}>
      <QueryView query={query} loading={loading} errorClassName={errorClassName}>
        {children}
      </QueryView>
    </SettingsSection>
  );
}

/** A label and its value, for read-only facts. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="text-sm wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}
