import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type TwoFactorLoginInput, twoFactorLoginSchema } from "#shared/auth-schemas";
import { FormInput } from "../../components/form-input";
import { errorToast, toast } from "../../components/ui/use-toast";
import { ApiError, api } from "../../lib/api";
import { type AuthResponse, useFinishSignIn } from "../../lib/use-session";
import { AuthForm } from "./auth-form";

/** Refusals that end the waiting sign-in: the owner starts again from the password. */
const START_AGAIN = new Set(["unauthorized:two_factor_expired", "rate_limit:two_factor"]);

/**
 * The second step of a login with two-factor sign-in on: the code the
 * authenticator app shows, or one of the backup codes.
 */
export function TwoFactorStep({ next, onCancel }: { next: string | undefined; onCancel: () => void }) {
  const [method, setMethod] = useState<TwoFactorLoginInput["method"]>("totp");
  const form = useForm<TwoFactorLoginInput>({
    resolver: zodResolver(twoFactorLoginSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { method: "totp", code: "" },
  });
  const finish = useFinishSignIn();
  const totp = method === "totp";

  const switchMethod = () => {
    const other = totp ? "backup" : "totp";
    setMethod(other);
    form.reset({ method: other, code: "" });
    setTimeout(() => form.setFocus("code"));
  };

  return (
    <AuthForm
      form={form}
      submitLabel="Verify"
      busyLabel="Checking..."
      className="mt-6"
      action={async (values) => {
        let response: AuthResponse;
        try {
          response = await api<AuthResponse>("/api/auth/login/two-factor", { body: values });
        } catch (error) {
          if (!(error instanceof ApiError && START_AGAIN.has(error.code))) throw error;
          errorToast(error.message);
          onCancel();
          return;
        }
        toast({ title: "Welcome back!", description: "You've successfully logged in." });
        finish(response, next ?? response.next);
      }}
      footer={
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <button
            type="button"
            className="font-medium text-brand-700 underline-offset-4 hover:underline"
            onClick={switchMethod}
          >
            {totp ? "Use a backup code instead" : "Use the authenticator app"}
          </button>
          <button type="button" className="text-slate-600 underline-offset-4 hover:underline" onClick={onCancel}>
            Back to login
          </button>
        </div>
      }
    >
      <p className="text-center text-sm text-slate-600">
        {totp
          ? "Open your authenticator app and enter the 6-digit code it shows for Directors."
          : "Enter one of the backup codes you saved when you turned on two-factor sign-in. Each works once."}
      </p>
      <input type="hidden" {...form.register("method")} />
      <FormInput
        form={form}
        name="code"
        id="two-factor-code"
        label={totp ? "Authentication code" : "Backup code"}
        key={method}
        autoFocus
        inputMode={totp ? "numeric" : "text"}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={totp ? "123456" : "abcde-12345"}
        className="text-center font-mono text-lg tracking-widest"
      />
    </AuthForm>
  );
}
