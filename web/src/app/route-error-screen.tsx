import { warningIcon } from "../components/ui/app-icons";
import { Icon } from "../components/ui/icon";
/**
 * The spec's router error screen: the message, and in development only the
 * stack. It replaces the whole layout, so it links home with a full page load
 * rather than through a router that may be broken.
 */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const text = error instanceof Error ? error.message : String(error);
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-16">
      <div className="w-full max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        <span className="grid h-12 w-12 place-items-center rounded-full bg-red-50 text-red-700">
          <Icon drawing={warningIcon} className="h-6 w-6" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Unexpected Application Error!
        </h1>
        <h2 className="mt-3 text-base font-medium wrap-anywhere text-slate-700">{text}</h2>
        <p className="mt-3 text-slate-600">
          Reloading usually fixes this. If it keeps happening,{" "}
          <a href="/contact" className="font-medium text-brand-700 underline underline-offset-2">
            let us know
          </a>{" "}
          what you were doing.
        </p>
        {stack ? (
          <pre className="mt-6 max-h-80 overflow-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100">
            {stack}
          </pre>
        ) : null}
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-700 px-5 text-sm font-medium text-white shadow-sm hover:bg-brand-800"
          >
            Reload page
          </button>
          <a
            href="/"
            className="inline-flex h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-5 text-sm font-medium text-slate-900 shadow-sm hover:bg-slate-50"
          >
            Return to Home
          </a>
        </div>
      </div>
    </main>
  );
}
