import type { ReactNode } from "react";
import { cn } from "../lib/cn";
import { Card } from "./ui/card";

/** One card of the settings screen, with its heading, a line of explanation and an optional action. */
export function SettingsSection(props: {
  id: string;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  tone?: "default" | "danger";
  children: ReactNode;
}) {
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

/** A label and its value, for read-only facts. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="text-sm wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}
