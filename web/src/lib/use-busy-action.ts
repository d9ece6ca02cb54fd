import { useState } from "react";
import { errorToast } from "../components/ui/use-toast";

/**
 * For a button that asks the server for one thing: `busy` while it runs (the button waits, disabled), and the
 * failure's message in a toast if it fails. `run` resolves either way.
 */
export function useBusyAction(): [busy: boolean, run: (action: () => Promise<unknown>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      errorToast((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return [busy, run];
}
