import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { type FieldValues, type UseFormReturn, useForm } from "react-hook-form";
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
import { toast } from "../../components/ui/use-toast";
import { submitHandler } from "../../lib/show-form-error";
import { useRecheckConfirmation } from "../../lib/use-recheck-confirmation";
import { updateSessionUser, useFinishSignOut } from "../../lib/use-session";
import { ACCOUNT_QUERY_KEY, changePassword, signOutEverywhere, updateName } from "./settings-api";
import { SignOutButton } from "./sign-out-button";

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
    <AccountForm
      id="name-form"
      title="Change name"
      form={form}
      submit={isSubmitting ? "Saving..." : "Save name"}
      canSubmit={isDirty}
      action={async (values) => {
        const { user } = await updateName(values);
        updateSessionUser({ name: user.name });
        queryClient.setQueryData<AccountOverview>(ACCOUNT_QUERY_KEY, (account) =>
          account ? { ...account, user: { ...account.user, name: user.name } } : account,
        );
        toast({ title: "Name updated", description: `You now appear as ${user.name}.` });
      }}
    >
      <FormInput form={form} name="name" id="account-name" label="Name" autoComplete="name" />
    </AccountForm>
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
    <AccountForm
      id="password-form"
      title="Change password"
      description="At least 8 characters. Your other devices will be signed out."
      form={form}
      submit={isSubmitting ? "Changing password..." : "Change password"}
      action={async (values) => {
        await changePassword(values);
        form.reset();
        toast({ title: "Password changed", description: "You have been signed out on your other devices." });
      }}
    >
      <FormInputs form={form} idPrefix="account" fields={PASSWORD_FIELDS} />
    </AccountForm>
  );
}

/** One of the card's forms: its heading (and a line under it), its fields, then its button. */
function AccountForm<T extends FieldValues>(props: {
  id: string;
  title: string;
  description?: string;
  form: UseFormReturn<T>;
  action: (values: T) => Promise<void>;
  /** The button's words (they change while the form is sent). */
  submit: string;
  /** Whether there is anything to send: a form with nothing changed keeps its button off. */
  canSubmit?: boolean;
  children: ReactNode;
}) {
  const headingId = `${props.id}-heading`;
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      className="grid content-start gap-4"
      onSubmit={submitHandler(props.form, props.action)}
    >
      <div>
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {props.title}
        </h3>
        {props.description ? <p className="mt-1 text-sm text-slate-600">{props.description}</p> : null}
      </div>
      {props.children}
      <div>
        <Button type="submit" disabled={props.form.formState.isSubmitting || props.canSubmit === false}>
          {props.submit}
        </Button>
      </div>
    </form>
  );
}

function SignOutEverywhere() {
  const finishSignOut = useFinishSignOut();
  return (
    <div className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h3 className="text-base font-semibold text-slate-900">Sign out of all devices</h3>
        <p className="mt-1 text-sm text-slate-600">Ends every session, including this one.</p>
      </div>
      <SignOutButton
        signOut={async () => {
          await signOutEverywhere();
          await finishSignOut("/login");
          toast({ title: "Signed out everywhere", description: "You have been signed out on all of your devices." });
        }}
      >
        Sign out of all devices
      </SignOutButton>
    </div>
  );
}
