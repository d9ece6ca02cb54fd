import { type ComponentType, lazy } from "react";
import { Route, Routes } from "react-router";
import { RequireSession } from "../features/auth/require-session";
import { LandingPage } from "../features/landing/landing-page";
import { requestEarly } from "../lib/early-request";
import { RootLayout } from "./root-layout";
import { HomeRoute } from "./routes/home-route";

/** A page whose code is fetched on its first visit; one that uses TanStack Query is a `queryPage`. */
function page(load: () => Promise<ComponentType>) {
  return lazy(() => load().then((Page) => ({ default: Page })));
}

/**
 * A page that reads server data through the query cache. The cache's code
 * (app/query-client.tsx) is fetched together with the page's, not before it,
 * and stays off the landing page.
 */
function queryPage(load: () => Promise<ComponentType>) {
  return lazy(async () => {
    const [{ WithQueryClient }, Page] = await Promise.all([import("./query-client"), load()]);
    return {
      default: () => (
        <WithQueryClient>
          <Page />
        </WithQueryClient>
      ),
    };
  });
}

const AuthPage = page(() => import("../features/auth/auth-page").then((m) => m.AuthPage));
const ForgotPasswordPage = page(() =>
  import("../features/auth/forgot-password-page").then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = page(() => import("../features/auth/reset-password-page").then((m) => m.ResetPasswordPage));
const VerifyEmailPage = page(() => import("../features/auth/verify-email-page").then((m) => m.VerifyEmailPage));
const TermsPage = page(() => import("../features/legal/terms-page").then((m) => m.TermsPage));
const PrivacyPage = page(() => import("../features/legal/privacy-page").then((m) => m.PrivacyPage));
const ContactPage = page(() => import("../features/legal/contact-page").then((m) => m.ContactPage));
const NotFoundRoute = page(() => import("./routes/not-found-route").then((m) => m.NotFoundRoute));
const PricingPage = queryPage(() => import("../features/plans/pricing-page").then((m) => m.PricingPage));
const SubscriptionPage = queryPage(() => import("../features/plans/subscription-page").then((m) => m.SubscriptionPage));
const OnboardingPage = queryPage(() => import("../features/onboarding/onboarding-page").then((m) => m.OnboardingPage));
const SelectDepartmentPage = queryPage(() =>
  import("../features/directors/select-department-page").then((m) => m.SelectDepartmentPage),
);
const TrainDirectorPage = queryPage(() =>
  import("../features/training/train-director-page").then((m) => m.TrainDirectorPage),
);
const SharedConversationPage = page(() =>
  import("../features/shared-conversation/shared-conversation-page").then((m) => m.SharedConversationPage),
);
const BoardPage = queryPage(() => import("../features/chat/board/board-page").then((m) => m.BoardPage));
const ChatPage = queryPage(() => import("../features/chat/chat-page").then((m) => m.ChatPage));
const KnowledgePage = queryPage(() => import("../features/knowledge/knowledge-page").then((m) => m.KnowledgePage));
const DocumentsPage = queryPage(() => import("../features/documents/documents-page").then((m) => m.DocumentsPage));
const loadDocumentPage = () => import("../features/documents/document-page").then((m) => m.DocumentPage);
const DocumentPage = queryPage(loadDocumentPage);
const SharedDocumentPage = page(() =>
  import("../features/documents/shared-document-page").then((m) => m.SharedDocumentPage),
);
const NumbersPage = queryPage(() => import("../features/numbers/numbers-page").then((m) => m.NumbersPage));
const ThisWeekPage = queryPage(() => import("../features/numbers/this-week-page").then((m) => m.ThisWeekPage));
const SettingsPage = queryPage(() => import("../features/settings/settings-page").then((m) => m.SettingsPage));

/**
 * A document opened by its address (a reload, a link): its screen's code, the query cache's and the document itself
 * are asked for at once, while the session is checked, instead of one after the other once it has been.
 */
function preloadOpenedDocument() {
  const id = /^\/documents\/([0-9a-f-]{36})$/.exec(window.location.pathname)?.[1];
  if (!id) return;
  void loadDocumentPage();
  void import("./query-client");
  requestEarly(`/api/documents/${id}`);
}
preloadOpenedDocument();

/**
 * The route table of spec section 2 with the fixes of DESIGN.md. Every page
 * but the landing page is loaded on demand; the landing page comes with the
 * entry, within its budget (docs/decisions/0007-landing-page-first-load.md).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={<HomeRoute />} />
        <Route path="/index" element={<LandingPage />} />
        <Route path="/login" element={<AuthPage />} />
        <Route path="/auth" element={<AuthPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/pricing" element={<PricingPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/shared/:token" element={<SharedConversationPage />} />
        <Route path="/shared-documents/:token" element={<SharedDocumentPage />} />
        <Route element={<RequireSession />}>
          <Route path="/subscription" element={<SubscriptionPage />} />
          <Route path="/onboarding" element={<OnboardingPage />} />
          <Route path="/select-department" element={<SelectDepartmentPage />} />
          <Route path="/train-director/:id" element={<TrainDirectorPage />} />
          <Route path="/chat" element={<ChatPage />} />
          <Route path="/board" element={<BoardPage />} />
          <Route path="/settings" element={<SettingsPage />} />
          <Route path="/knowledge" element={<KnowledgePage />} />
          <Route path="/documents" element={<DocumentsPage />} />
          <Route path="/documents/:id" element={<DocumentPage />} />
          <Route path="/numbers" element={<NumbersPage />} />
          <Route path="/this-week" element={<ThisWeekPage />} />
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
