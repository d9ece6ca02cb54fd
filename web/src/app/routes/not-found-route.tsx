import { useEffect } from "react";
import { Link, useLocation } from "react-router";

/** The spec's 404 screen; the path is logged to the console, as the spec says. */
export function NotFoundRoute() {
  const location = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <h1 className="text-5xl font-bold text-slate-900">404</h1>
      <p className="text-lg text-slate-600">Page not found</p>
      <Link to="/" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
        Return to Home
      </Link>
    </div>
  );
}
