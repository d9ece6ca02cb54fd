import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type ForgotPasswordInput, forgotPasswordSchema } from "#shared/auth-schemas";
import { FormInput } from "../../components/form-input";
import { PageLoading } from "../../components/page-loading";
import { Button } from "../../components/ui/button";
import { api } from "../../lib/api";
import { usePageTitle } from "../../lib/use-page-title";
import { usePublicConfig } from "../../lib/use-public-config";
import { AuthCard, AuthMessage, BackToLogin } from "./auth-card";
import { AuthForm, useAuthForm } from "./auth-form";

/** /forgot-password: asks for a reset link by email, or, on a server without email, says who can help. */
export function ForgotPasswordPage() {
  const config = usePublicConfig();
  const [sentTo, setSentTo] = useState<string | null>(null);
  usePageTitle("Reset your password");

  if (config.isPending) return <PageLoading />;
  if (config.data && !config.data.passwordResetByEmail) {
    return (
      <AuthMessage title="Reset your password">
        <p>
          This Directors server does not send email, so it cannot send you a reset link. Please ask the person who runs
          Directors for your organisation to reset your password. They can give you a temporary password to log in with.
        </p>
        <BackToLogin />
      </AuthMessage>
    );
  }
  if (sentTo) {
    return (
      <AuthMessage title="Check your email">
        <p>
          If there is a Directors account for <strong className="wrap-anywhere text-slate-900">{sentTo}</strong>, we
          have sent it a link to choose a new password. The link works once, for one hour.
        </p>
        <p>Nothing arrived after a few minutes? Check your spam folder, or ask for another link.</p>
        <Button variant="secondary" onClick={() => setSentTo(null)}>
          Send another link
        </Button>
        <BackToLogin />
      </AuthMessage>
    );
  }
  return (
    <AuthCard
      title="Reset your password"
      description={<p>Enter the email address of your account and we'll send you a link to choose a new password.</p>}
    >
      <RequestLinkForm onSent={setSentTo} />
    </AuthCard>
  );
}

function RequestLinkForm({ onSent }: { onSent: (email: string) => void }) {
  const form = useAuthForm<ForgotPasswordInput>(zodResolver(forgotPasswordSchema), { email: "" });
  return (
    <AuthForm
      form={form}
      submitLabel="Send reset link"
      busyLabel="Sending..."
      className="mt-6"
      footer={<BackToLogin />}
      action={async (values) => {
        await api("/api/auth/forgot-password", { body: values });
        onSent(values.email);
      }}
    >
      <FormInput form={form} name="email" id="forgot-email" label="Email" type="email" autoComplete="email" autoFocus />
    </AuthForm>
  );
}
