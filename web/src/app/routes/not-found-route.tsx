import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { usePageTitle } from "../../lib/use-page-title";

/** The spec's 404 screen; the path is logged to the console, as the spec says. */
export function NotFoundRoute() {
  const location = useLocation();
  usePageTitle("Page not found");
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-24 text-center">
      <p className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">Error</p>
      <h1 className="mt-4 text-6xl font-extrabold tracking-tight text-slate-900 sm:text-7xl">404</h1>
      <p className="mt-4 text-xl font-semibold text-slate-900">Page not found</p>
      <p className="mt-2 max-w-md text-slate-600">
        The address <span className="font-mono text-sm break-all text-slate-800">{location.pathname}</span> does not
        lead to a page. Check the link, or start again from the home page.
      </p>
      <Link
        to="/"
        className="mt-8 inline-flex h-11 items-center justify-center rounded-lg bg-brand-700 px-5 text-sm font-medium text-white shadow-sm transition-colors hover:bg-brand-800"
      >
        Return to Home
      </Link>
    </div>
  );
}
