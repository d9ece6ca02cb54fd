import { createBrowserRouter } from "react-router";
import { RequireSession } from "../features/auth/require-session";
import { RootLayout } from "./root-layout";
import { RouteErrorScreen } from "./route-error-screen";

/**
 * The route table of spec section 2 with the fixes of DESIGN.md. Every page
 * but the landing page is loaded on demand.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: "/", lazy: () => import("./routes/home-route").then((m) => ({ Component: m.HomeRoute })) },
      {
        path: "/index",
        lazy: () => import("../features/landing/landing-page").then((m) => ({ Component: m.LandingPage })),
      },
      { path: "/login", lazy: () => import("../features/auth/auth-page").then((m) => ({ Component: m.AuthPage })) },
      { path: "/auth", lazy: () => import("../features/auth/auth-page").then((m) => ({ Component: m.AuthPage })) },
      {
        path: "/pricing",
        lazy: () => import("../features/plans/pricing-page").then((m) => ({ Component: m.PricingPage })),
      },
      { path: "/terms", lazy: () => import("../features/legal/terms-page").then((m) => ({ Component: m.TermsPage })) },
      {
        path: "/privacy",
        lazy: () => import("../features/legal/privacy-page").then((m) => ({ Component: m.PrivacyPage })),
      },
      {
        path: "/contact",
        lazy: () => import("../features/legal/contact-page").then((m) => ({ Component: m.ContactPage })),
      },
      {
        element: <RequireSession />,
        children: [
          {
            path: "/subscription",
            lazy: () => import("../features/plans/subscription-page").then((m) => ({ Component: m.SubscriptionPage })),
          },
          {
            path: "/onboarding",
            lazy: () => import("../features/onboarding/onboarding-page").then((m) => ({ Component: m.OnboardingPage })),
          },
          {
            path: "/select-department",
            lazy: () =>
              import("../features/directors/select-department-page").then((m) => ({
                Component: m.SelectDepartmentPage,
              })),
          },
          {
            path: "/train-director/:id",
            lazy: () =>
              import("../features/training/train-director-page").then((m) => ({ Component: m.TrainDirectorPage })),
          },
          { path: "/chat", lazy: () => import("../features/chat/chat-page").then((m) => ({ Component: m.ChatPage })) },
          {
            path: "/settings",
            lazy: () => import("../features/settings/settings-page").then((m) => ({ Component: m.SettingsPage })),
          },
        ],
      },
      { path: "*", lazy: () => import("./routes/not-found-route").then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
]);
