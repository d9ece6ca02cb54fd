import { isRouteErrorResponse, useRouteError } from "react-router";

/** The spec's router error screen; the stack trace only in development. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const text = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center gap-4 px-6 py-16">
      <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
      <h2 className="text-lg text-slate-700">{text}</h2>
      {stack ? <pre className="overflow-auto rounded-lg bg-slate-100 p-4 text-xs text-slate-700">{stack}</pre> : null}
      <a href="/" className="font-medium text-brand-700 underline">
        Return to Home
      </a>
    </main>
  );
}
