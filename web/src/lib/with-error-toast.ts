import { errorToast } from "../components/ui/use-toast";

/** Runs `action`; if it fails, its message shows as an error toast and the rest of it does not happen. */
export async function withErrorToast(action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    errorToast((error as Error).message);
  }
}
