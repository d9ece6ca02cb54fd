import { Button } from "../../components/ui/button";
import { usePageTitle } from "../../lib/use-page-title";

/**
 * Stands in for a page that cannot load without the network: the app's shell
 * (kept by the service worker) is on screen, the owner's data is not. The page
 * opens by itself once the connection returns; "Try again" asks at once.
 */
export function OfflineScreen({ online, onRetry }: { online: boolean; onRetry: () => void }) {
  usePageTitle(online ? "Cannot reach Directors" : "You're offline");
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-20 text-center">
      <span className="grid h-14 w-14 place-items-center rounded-full bg-slate-100 text-slate-600">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-7 w-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M2 8.8a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 19.5h.01M3 3l18 18" />
        </svg>
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {online ? "Directors can't be reached right now" : "You're offline"}
      </h1>
      <p className="mt-3 max-w-md text-slate-600">
        {online
          ? "Check your connection. Nothing you saved is lost, and this page will try again by itself."
          : "This page needs an internet connection. It will open by itself as soon as you're back online."}
      </p>
      <Button className="mt-8" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
