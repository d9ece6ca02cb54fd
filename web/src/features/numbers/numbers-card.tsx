import type { ReactNode } from "react";
import { Card } from "../../components/ui/card";

/** A card of the numbers page: its heading, a line of explanation when there is one, then its content. */
export function NumbersCard(props: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card className="grid gap-3 p-4 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{props.title}</h2>
        {props.description ? <p className="mt-1 text-sm text-slate-600">{props.description}</p> : null}
      </div>
      {props.children}
    </Card>
  );
}
