import { lazy, Suspense } from "react";
import { usePublicConfig } from "../lib/use-public-config";
import { useSession } from "../lib/use-session";

/** The banner and the query cache it reads load only for a signed-in owner on a server that bills. */
const PaymentBanner = lazy(async () => {
  const [{ WithQueryClient }, banner] = await Promise.all([
    import("./query-client"),
    import("../features/plans/payment-banner"),
  ]);
  return {
    default: () => (
      <WithQueryClient>
        <banner.PaymentBanner />
      </WithQueryClient>
    ),
  };
});

/** Under the nav bar on every screen: "Update card" while a payment has failed (features/plans/payment-banner.tsx). */
export function PaymentBannerSlot() {
  const config = usePublicConfig();
  const session = useSession();
  if (!config.data?.billing || !session.data?.user) return null;
  return (
    <Suspense fallback={null}>
      <PaymentBanner />
    </Suspense>
  );
}
