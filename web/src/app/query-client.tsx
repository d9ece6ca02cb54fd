import { onlineManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { onReconnected } from "../lib/connection";
import { onSessionReset } from "../lib/use-session";

/**
 * The one query cache of the pages that read server data. It loads with the
 * first such page, so the landing page's first load carries none of its code.
 */
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// The cache stops listening for "online" and "offline" while no page uses it (the offline screen, the landing page).
// When a page mounts it again, it reads where the connection stands: an "online" it missed would pause its queries for
// good, leaving the page loading.
onlineManager.setEventListener((setOnline) => {
  const update = () => setOnline(navigator.onLine);
  update();
  window.addEventListener("online", update);
  window.addEventListener("offline", update);
  return () => {
    window.removeEventListener("online", update);
    window.removeEventListener("offline", update);
  };
});

// Sign-in, sign-up, sign-out and account deletion: whatever is cached belonged to the previous session.
onSessionReset(() => queryClient.removeQueries());
// Back after the service was unavailable: load again what could not be loaded meanwhile.
onReconnected(() => void queryClient.invalidateQueries());

export function WithQueryClient({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
