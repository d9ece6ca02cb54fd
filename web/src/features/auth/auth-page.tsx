import { zodResolver } from "@hookform/resolvers/zod";
import { Tabs } from "radix-ui";
import { useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { type LoginInput, loginSchema, type SignupInput, signupSchema } from "#shared/auth-schemas";
import { FormInput, FormInputs } from "../../components/form-input";
import { PageLoading } from "../../components/page-loading";
import { toast } from "../../components/ui/use-toast";
import { api } from "../../lib/api";
import { usePageTitle } from "../../lib/use-page-title";
import { useRecheckConfirmation } from "../../lib/use-recheck-confirmation";
import { type AuthResponse, useFinishSignIn, useSession } from "../../lib/use-session";
import { AuthCard } from "./auth-card";
import { AuthForm, useAuthForm } from "./auth-form";
import { safeNext } from "./safe-next";
import { TwoFactorStep } from "./two-factor-step";

/** A login whose password was right, waiting for a code from the owner's authenticator app. */
type LoginResponse = AuthResponse | { twoFactor: true };

/** /login and /auth: the Login and Sign Up tabs; ?signup=true selects Sign Up. */
export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const tab = params.get("signup") === "true" ? "signup" : "login";
  const next = safeNext(params.get("next"));
  usePageTitle(tab === "signup" ? "Sign up" : "Log in");
  const [awaitingCode, setAwaitingCode] = useState(false);

  if (session.isPending) return <PageLoading />;
  if (session.data?.user) return <Navigate replace to={next ?? session.data.next ?? "/chat"} />;

  const selectTab = (value: string) => {
    const updated = new URLSearchParams(params);
    updated.delete("signup");
    updated.delete("login");
    updated.set(value === "signup" ? "signup" : "login", "true");
    setParams(updated, { replace: true });
  };

  if (awaitingCode) {
    return (
      <AuthCard title="Two-step verification">
        <TwoFactorStep next={next} onCancel={() => setAwaitingCode(false)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      // The spec's "Welcome to the product", with the product's name (DESIGN.md).
      title="Welcome to Directors"
      description={<p>Your AI directors are waiting. Start your 7-day free trial or log in to continue.</p>}
    >
      <Tabs.Root value={tab} onValueChange={selectTab} className="mt-6">
        <Tabs.List aria-label="Log in or sign up" className="grid grid-cols-2 rounded-lg bg-slate-100 p-1">
          {[
            ["login", "Login"],
            ["signup", "Sign Up"],
          ].map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value as string}
              className="h-11 rounded-md px-3 text-sm sm:h-9 font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="login" className="mt-6">
          <LoginForm next={next} onCodeNeeded={() => setAwaitingCode(true)} />
        </Tabs.Content>
        <Tabs.Content value="signup" className="mt-6">
          <SignupForm />
        </Tabs.Content>
      </Tabs.Root>
    </AuthCard>
  );
}

function LoginForm({ next, onCodeNeeded }: { next: string | undefined; onCodeNeeded: () => void }) {
  const form = useAuthForm<LoginInput>(zodResolver(loginSchema), { email: "", password: "" });
  const finish = useFinishSignIn();

  return (
    <AuthForm
      form={form}
      submitLabel="Login"
      busyLabel="Logging in..."
      buttonClassName="mt-2"
      action={async (values) => {
        const response = await api<LoginResponse>("/api/auth/login", { body: values });
        if ("twoFactor" in response) {
          onCodeNeeded();
          return;
        }
        toast({ title: "Welcome back!", description: "You've successfully logged in." });
        finish(response, next ?? response.next);
      }}
    >
      <FormInput form={form} name="email" id="login-email" label="Email" type="email" autoComplete="email" />
      <FormInput
        form={form}
        name="password"
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <p className="-mt-2 text-right text-sm">
        <Link to="/forgot-password" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Forgot password?
        </Link>
      </p>
    </AuthForm>
  );
}

function SignupForm() {
  const form = useAuthForm<SignupInput>(zodResolver(signupSchema), {
    name: "",
    email: "",
    password: "",
    confirmPassword: "",
  });
  const finish = useFinishSignIn();
  useRecheckConfirmation(form, "password", "confirmPassword");

  const fields = [
    { name: "name", label: "Name", type: "text", autoComplete: "name" },
    { name: "email", label: "Email", type: "email", autoComplete: "email" },
    { name: "password", label: "Password", type: "password", autoComplete: "new-password" },
    { name: "confirmPassword", label: "Confirm password", type: "password", autoComplete: "new-password" },
  ] as const;

  return (
    <AuthForm
      form={form}
      submitLabel="Create Account"
      busyLabel="Creating account..."
      buttonClassName="mt-2"
      action={async (values) => {
        const response = await api<AuthResponse>("/api/auth/sign-up", { body: values });
        toast({ title: "Account created!", description: "Your account has been successfully created." });
        // A new account always starts with the plan, whatever page sent it here.
        finish(response, "/subscription");
      }}
    >
      <FormInputs form={form} idPrefix="signup" fields={fields} />
    </AuthForm>
  );
}
