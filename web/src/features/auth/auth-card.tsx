import type { ReactNode } from "react";
import { Link } from "react-router";
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

/** An auth screen that only says something: its words and buttons under the heading. */
export function AuthMessage(props: { title: string; children: ReactNode }) {
  return (
    <AuthCard title={props.title}>
      <div className="mt-6 grid gap-4 text-sm text-slate-700">{props.children}</div>
    </AuthCard>
  );
}

export function BackToLogin() {
  return (
    <p className="text-center text-sm">
      <Link to="/login" className="font-medium text-brand-700 underline-offset-4 hover:underline">
        Back to login
      </Link>
    </p>
  );
}
