import { useConnectionStatus } from "../../lib/connection";

/**
 * Shown while the service cannot reach its database: the owner stays signed in
 * and on the page, which catches up by itself once the service is back.
 */
export function ReconnectingBanner() {
  const status = useConnectionStatus();
  if (status !== "reconnecting") return null;
  return (
    <div role="status" aria-live="polite" className="border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-amber-900">
      <div className="mx-auto flex max-w-6xl items-start gap-3 text-sm sm:items-center">
        <span
          aria-hidden="true"
          className="mt-0.5 h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-amber-300 border-t-amber-700 sm:mt-0"
        />
        <p>
          <span className="font-semibold">Reconnecting…</span> The service is temporarily unavailable. You are still
          signed in, nothing you saved is lost, and this page will catch up by itself.
        </p>
      </div>
    </div>
  );
}
