import { useState } from "react";
import { useLocation } from "react-router";
import { Button } from "../../components/ui/button";
import { usePublicConfig } from "../../lib/use-public-config";
import { useSession } from "../../lib/use-session";
import { resendConfirmation } from "./resend-confirmation";

/**
 * With REQUIRE_EMAIL_VERIFICATION, an owner who has not confirmed their email
 * yet can use the app; this line under the nav bar asks them to, and sends the
 * link again on request.
 */
export function EmailConfirmationBanner() {
  const config = usePublicConfig();
  const session = useSession();
  const location = useLocation();
  const [sending, setSending] = useState(false);
  const user = session.data?.user;
  if (!config.data?.emailVerificationRequired || !user || user.emailVerified || location.pathname === "/verify-email") {
    return null;
  }
  return (
    <section
      aria-label="Confirm your email address"
      className="border-b border-amber-200 bg-amber-50 py-2.5 text-sm text-amber-900"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 sm:px-6">
        <p>
          <strong className="font-semibold">Please confirm your email address.</strong> We sent a link to{" "}
          <span className="wrap-anywhere">{user.email}</span>.
        </p>
        <Button
          size="sm"
          variant="secondary"
          disabled={sending}
          onClick={async () => {
            setSending(true);
            await resendConfirmation(user.email);
            setSending(false);
          }}
        >
          {sending ? "Sending..." : "Resend"}
        </Button>
      </div>
    </section>
  );
}
