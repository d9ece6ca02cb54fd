import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { type ResetPasswordInput, resetPasswordSchema } from "#shared/auth-schemas";
import { FormInputs } from "../../components/form-input";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { ApiError, api } from "../../lib/api";
import { usePageTitle } from "../../lib/use-page-title";
import { useRecheckConfirmation } from "../../lib/use-recheck-confirmation";
import { resetSession } from "../../lib/use-session";
import { AuthCard, AuthMessage, BackToLogin } from "./auth-card";
import { AuthForm, useAuthForm } from "./auth-form";

const FIELDS = [
  { name: "newPassword", label: "New password", type: "password", autoComplete: "new-password", autoFocus: true },
  { name: "confirmPassword", label: "Confirm new password", type: "password", autoComplete: "new-password" },
] as const;

/** /reset-password?token=…: the page the emailed link opens; a new password, then log in with it. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : "This link is incomplete.");
  usePageTitle("Choose a new password");

  if (linkProblem) {
    return (
      <AuthMessage title="This link does not work">
        <p>{linkProblem} Reset links work once, for one hour after they are sent.</p>
        <Button asChild>
          <Link to="/forgot-password">Send a new link</Link>
        </Button>
        <BackToLogin />
      </AuthMessage>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      description={<p>At least 8 characters. You will be signed out everywhere.</p>}
    >
      <NewPasswordForm token={token} onLinkProblem={setLinkProblem} />
    </AuthCard>
  );
}

function NewPasswordForm({ token, onLinkProblem }: { token: string; onLinkProblem: (message: string) => void }) {
  const navigate = useNavigate();
  const form = useAuthForm<ResetPasswordInput>(zodResolver(resetPasswordSchema), {
    token,
    newPassword: "",
    confirmPassword: "",
  });
  useRecheckConfirmation(form, "newPassword", "confirmPassword");

  return (
    <AuthForm
      form={form}
      submitLabel="Save new password"
      busyLabel="Saving..."
      className="mt-6"
      buttonClassName="mt-2"
      action={async (values) => {
        try {
          await api("/api/auth/reset-password", { body: values });
        } catch (error) {
          if (!(error instanceof ApiError && error.code === "auth:reset_link_invalid")) throw error;
          onLinkProblem("This link has expired or has already been used.");
          return;
        }
        // Every session of the account has ended, this browser's included.
        resetSession({ user: null, next: null });
        toast({ title: "Password changed", description: "Log in with your new password." });
        navigate("/login", { replace: true });
      }}
    >
      <FormInputs form={form} idPrefix="reset" fields={FIELDS} />
    </AuthForm>
  );
}
