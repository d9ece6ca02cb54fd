import { wifiOffIcon } from "../../components/ui/app-icons";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
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
        <Icon drawing={wifiOffIcon} className="h-7 w-7" />
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
