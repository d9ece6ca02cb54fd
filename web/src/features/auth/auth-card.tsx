import type { ReactNode } from "react";
import { Card } from "../../components/ui/card";

/** The auth screens' frame: a soft brand background and one centred card with a heading. */
export function AuthCard(props: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-1 items-start justify-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">{props.title}</h1>
        {props.description ? <div className="mt-2 text-center text-sm text-slate-600">{props.description}</div> : null}
        {props.children}
      </Card>
    </div>
  );
}
