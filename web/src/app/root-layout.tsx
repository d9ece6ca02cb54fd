import { Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { PageLoading } from "../components/page-loading";
import { EmailConfirmationBanner } from "../features/auth/email-confirmation-banner";
import { NavBar } from "../features/shell/nav-bar";
import { OfflineGate } from "../features/shell/offline-gate";
import { ReconnectingBanner } from "../features/shell/reconnecting-banner";
import { FocusPageHeading } from "./focus-page-heading";
import { PaymentBannerSlot } from "./payment-banner-slot";
import { RouteErrorBoundary } from "./route-error-boundary";
import { ScrollRestoration } from "./scroll-restoration";

/**
 * Every page's frame. A page's code is fetched on first visit: on the first
 * load the skeleton stands in for it; on a later move the router keeps the
 * current page on screen until the next one is ready.
 */
export function RootLayout() {
  const location = useLocation();
  return (
    <>
      <RouteErrorBoundary resetKey={location.key}>
        <div className="flex min-h-dvh flex-col">
          <a
            href="#main"
            className="sr-only z-50 rounded-md bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
          >
            Skip to content
          </a>
          <NavBar />
          <ReconnectingBanner />
          <EmailConfirmationBanner />
          <PaymentBannerSlot />
          <main id="main" className="flex flex-1 flex-col">
            <OfflineGate>
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </OfflineGate>
          </main>
        </div>
      </RouteErrorBoundary>
      <ScrollRestoration />
      <FocusPageHeading />
    </>
  );
}
