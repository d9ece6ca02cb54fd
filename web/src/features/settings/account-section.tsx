import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import {
  type ChangePasswordInput,
  changePasswordSchema,
  type UpdateNameInput,
  updateNameSchema,
} from "#shared/account-schemas";
import type { AccountOverview } from "#shared/settings";
import { FormInput, FormInputs } from "../../components/form-input";
import { Fact, SettingsSection } from "../../components/settings-section";
import { Button } from "../../components/ui/button";
import { errorToast, toast } from "../../components/ui/use-toast";
import { submitHandler } from "../../lib/show-form-error";
import { useRecheckConfirmation } from "../../lib/use-recheck-confirmation";
import { updateSessionUser, useFinishSignOut } from "../../lib/use-session";
import { ACCOUNT_QUERY_KEY, changePassword, signOutEverywhere, updateName } from "./settings-api";

export function AccountSection({ account }: { account: AccountOverview }) {
  return (
    <SettingsSection id="account" title="Account" description="Your name, your sign-in and the devices you use.">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Fact label="Name">{account.user.name}</Fact>
        <Fact label="Email">{account.user.email}</Fact>
      </dl>
      <div className="mt-6 grid gap-6 border-t border-slate-200 pt-6 lg:grid-cols-2 lg:gap-8">
        <NameForm name={account.user.name} />
        <PasswordForm />
      </div>
      <SignOutEverywhere />
    </SettingsSection>
  );
}

function NameForm({ name }: { name: string }) {
  const queryClient = useQueryClient();
  const form = useForm<UpdateNameInput>({
    resolver: zodResolver(updateNameSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { name },
  });
  const { isSubmitting, isDirty } = form.formState;

  useEffect(() => {
    form.reset({ name });
  }, [name, form]);

  return (
    <form
      noValidate
      aria-labelledby="name-form-heading"
      className="grid content-start gap-4"
      onSubmit={submitHandler(form, async (values) => {
        const { user } = await updateName(values);
        updateSessionUser({ name: user.name });
        queryClient.setQueryData<AccountOverview>(ACCOUNT_QUERY_KEY, (account) =>
          account ? { ...account, user: { ...account.user, name: user.name } } : account,
        );
        toast({ title: "Name updated", description: `You now appear as ${user.name}.` });
      })}
    >
      <h3 id="name-form-heading" className="text-base font-semibold text-slate-900">
        Change name
      </h3>
      <FormInput form={form} name="name" id="account-name" label="Name" autoComplete="name" />
      <div>
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? "Saving..." : "Save name"}
        </Button>
      </div>
    </form>
  );
}

const PASSWORD_FIELDS = [
  { name: "currentPassword", label: "Current password", type: "password", autoComplete: "current-password" },
  { name: "newPassword", label: "New password", type: "password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm new password", type: "password", autoComplete: "new-password" },
] as const;

function PasswordForm() {
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    // Checked on submit, then as the owner types: no message pops up on blur and moves the button under the pointer.
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { isSubmitting } = form.formState;
  useRecheckConfirmation(form, "newPassword", "confirmPassword");

  return (
    <form
      noValidate
      aria-labelledby="password-form-heading"
      className="grid content-start gap-4"
      onSubmit={submitHandler(form, async (values) => {
        await changePassword(values);
        form.reset();
        toast({ title: "Password changed", description: "You have been signed out on your other devices." });
      })}
    >
      <div>
        <h3 id="password-form-heading" className="text-base font-semibold text-slate-900">
          Change password
        </h3>
        <p className="mt-1 text-sm text-slate-600">At least 8 characters. Your other devices will be signed out.</p>
      </div>
      <FormInputs form={form} idPrefix="account" fields={PASSWORD_FIELDS} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Changing password..." : "Change password"}
        </Button>
      </div>
    </form>
  );
}

function SignOutEverywhere() {
  const finishSignOut = useFinishSignOut();
  const [pending, setPending] = useState(false);
  return (
    <div className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h3 className="text-base font-semibold text-slate-900">Sign out of all devices</h3>
        <p className="mt-1 text-sm text-slate-600">Ends every session, including this one.</p>
      </div>
      <Button
        variant="secondary"
        disabled={pending}
        onClick={async () => {
          setPending(true);
          try {
            await signOutEverywhere();
            await finishSignOut("/login");
            toast({ title: "Signed out everywhere", description: "You have been signed out on all of your devices." });
          } catch (error) {
            errorToast((error as Error).message);
            setPending(false);
          }
        }}
      >
        {pending ? "Signing out..." : "Sign out of all devices"}
      </Button>
    </div>
  );
}
