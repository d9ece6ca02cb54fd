import { useState } from "react";
import { withErrorToast } from "./with-error-toast";

/**
 * For a button that asks the server for one thing: `busy` while it runs (the button waits, disabled), and the
 * failure's message in a toast if it fails. `run` resolves either way.
 */
export function useBusyAction(): [busy: boolean, run: (action: () => Promise<unknown>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    await withErrorToast(action);
    setBusy(false);
  };
  return [busy, run];
}
