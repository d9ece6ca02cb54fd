import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { type ForgotPasswordInput, forgotPasswordSchema } from "#shared/auth-schemas";
import { FormInput } from "../../components/form-input";
import { PageLoading } from "../../components/page-loading";
import { Button } from "../../components/ui/button";
import { api } from "../../lib/api";
import { showFormError } from "../../lib/show-form-error";
import { usePageTitle } from "../../lib/use-page-title";
import { usePublicConfig } from "../../lib/use-public-config";
import { AuthCard } from "./auth-card";
import { keepFocus } from "./auth-form";

/** /forgot-password: asks for a reset link by email, or, on a server without email, says who can help. */
export function ForgotPasswordPage() {
  const config = usePublicConfig();
  const [sentTo, setSentTo] = useState<string | null>(null);
  usePageTitle("Reset your password");

  if (config.isPending) return <PageLoading />;
  if (config.data && !config.data.passwordResetByEmail) {
    return (
      <AuthCard title="Reset your password">
        <div className="mt-6 grid gap-4 text-sm text-slate-700">
          <p>
            This Directors server does not send email, so it cannot send you a reset link. Please ask the person who
            runs Directors for your organisation to reset your password. They can give you a temporary password to log
            in with.
          </p>
          <BackToLogin />
        </div>
      </AuthCard>
    );
  }
  if (sentTo) {
    return (
      <AuthCard title="Check your email">
        <div className="mt-6 grid gap-4 text-sm text-slate-700">
          <p>
            If there is a Directors account for <strong className="wrap-anywhere text-slate-900">{sentTo}</strong>, we
            have sent it a link to choose a new password. The link works once, for one hour.
          </p>
          <p>Nothing arrived after a few minutes? Check your spam folder, or ask for another link.</p>
          <Button variant="secondary" onClick={() => setSentTo(null)}>
            Send another link
          </Button>
          <BackToLogin />
        </div>
      </AuthCard>
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
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: "onBlur",
    reValidateMode: "onChange",
    defaultValues: { email: "" },
  });
  const { isSubmitting } = form.formState;
  return (
    <form
      noValidate
      className="mt-6 grid gap-4"
      onSubmit={form.handleSubmit(async (values) => {
        try {
          await api("/api/auth/forgot-password", { body: values });
          onSent(values.email);
        } catch (error) {
          showFormError(form, error);
        }
      })}
    >
      <FormInput form={form} name="email" id="forgot-email" label="Email" type="email" autoComplete="email" autoFocus />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full" onMouseDown={keepFocus}>
        {isSubmitting ? "Sending..." : "Send reset link"}
      </Button>
      <BackToLogin />
    </form>
  );
}

export function BackToLogin() {
  return (
    <p className="text-center text-sm">
      <Link to="/login" className="font-medium text-brand-700 underline-offset-4 hover:underline">
        Back to login
      </Link>
    </p>
  );
}
