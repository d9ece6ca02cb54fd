import { PageLoading } from "../../components/page-loading";
import { usePageTitle } from "../../lib/use-page-title";
import { useSession } from "../../lib/use-session";
import { useCurrentPlan } from "./plan-api";
import { PlanChoice } from "./plan-choice";
import { PlanPicker } from "./plan-picker";

/** Where a visitor who picks a plan goes: sign up first, then the plan picker. */
const SIGN_UP_FOR_PLAN_PATH = "/auth?signup=true&next=/subscription";

/** /pricing: the plans for everyone. A visitor is sent to sign up; a signed-in user chooses right here. */
export function PricingPage() {
  usePageTitle("Plans");
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const current = useCurrentPlan({ enabled: signedIn });
  if (session.isPending || (signedIn && current.isPending)) return <PageLoading />;
  if (!signedIn) return <PlanPicker chooseHref={SIGN_UP_FOR_PLAN_PATH} />;
  return <PlanChoice current={current.data?.plan ?? null} />;
}
