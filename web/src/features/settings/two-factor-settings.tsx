import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type ConfirmTwoFactorInput, confirmTwoFactorSchema } from "#shared/account-schemas";
import type { TwoFactorSetup } from "#shared/settings";
import { FormInput } from "../../components/form-input";
import { Button } from "../../components/ui/button";
import { QrCode } from "../../components/ui/qr-code";
import { toast } from "../../components/ui/use-toast";
import { submitHandler } from "../../lib/show-form-error";
import { BackupCodes } from "./backup-codes";
import { PasswordDialog } from "./password-dialog";
import {
  confirmTwoFactor,
  newBackupCodes,
  SECURITY_QUERY_KEY,
  startTwoFactorSetup,
  turnOffTwoFactor,
} from "./settings-api";

type Step = { kind: "idle" } | { kind: "setup"; setup: TwoFactorSetup } | { kind: "codes"; codes: string[] };
type Dialog = "turn-on" | "turn-off" | "new-codes" | null;

/** Settings → Security: two-factor sign-in with an authenticator app, on or off, and its backup codes. */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [dialog, setDialog] = useState<Dialog>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
            Two-factor sign-in
            <span
              className={
                enabled
                  ? "rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800"
                  : "rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
              }
            >
              {enabled ? "On" : "Off"}
            </span>
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            {enabled
              ? "Logging in asks for a code from your authenticator app, or one of your backup codes."
              : "Ask for a code from an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) each time you log in, so a password alone is not enough."}
          </p>
        </div>
        {step.kind === "idle" ? (
          enabled ? (
            <div className="flex shrink-0 flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setDialog("new-codes")}>
                New backup codes
              </Button>
              <Button variant="secondary" onClick={() => setDialog("turn-off")}>
                Turn off
              </Button>
            </div>
          ) : (
            <Button className="shrink-0" onClick={() => setDialog("turn-on")}>
              Turn on
            </Button>
          )
        ) : null}
      </div>

      {step.kind === "setup" ? (
        <SetupSteps
          setup={step.setup}
          onCancel={() => setStep({ kind: "idle" })}
          onConfirmed={() => {
            setStep({ kind: "codes", codes: step.setup.backupCodes });
            void refresh();
            toast({ title: "Two-factor sign-in is on", description: "Logging in now asks for a code from your app." });
          }}
        />
      ) : null}
      {step.kind === "codes" ? <BackupCodes codes={step.codes} onDone={() => setStep({ kind: "idle" })} /> : null}

      <PasswordDialog
        open={dialog === "turn-on"}
        onOpenChange={(open) => setDialog(open ? "turn-on" : null)}
        title="Turn on two-factor sign-in"
        description={<p>Enter your password to start. You will need your phone with an authenticator app.</p>}
        submitLabel="Continue"
        pendingLabel="Checking..."
        onSubmit={async (input) => {
          const setup = await startTwoFactorSetup(input);
          setDialog(null);
          setStep({ kind: "setup", setup });
        }}
      />
      <PasswordDialog
        open={dialog === "turn-off"}
        onOpenChange={(open) => setDialog(open ? "turn-off" : null)}
        title="Turn off two-factor sign-in?"
        description={<p>Logging in will only ask for your password. Your backup codes stop working.</p>}
        submitLabel="Turn off"
        pendingLabel="Turning off..."
        destructive
        onSubmit={async (input) => {
          await turnOffTwoFactor(input);
          setDialog(null);
          await refresh();
          toast({ title: "Two-factor sign-in is off", description: "Logging in now asks for your password only." });
        }}
      />
      <PasswordDialog
        open={dialog === "new-codes"}
        onOpenChange={(open) => setDialog(open ? "new-codes" : null)}
        title="Get new backup codes?"
        description={<p>Your old backup codes stop working when the new ones are made.</p>}
        submitLabel="Make new codes"
        pendingLabel="Making codes..."
        onSubmit={async (input) => {
          const { backupCodes } = await newBackupCodes(input);
          setDialog(null);
          setStep({ kind: "codes", codes: backupCodes });
        }}
      />
    </div>
  );
}

/** Scan (or type) the secret into the app, then prove it works with the code it shows. */
function SetupSteps(props: { setup: TwoFactorSetup; onCancel: () => void; onConfirmed: () => void }) {
  const form = useForm<ConfirmTwoFactorInput>({
    resolver: zodResolver(confirmTwoFactorSchema),
    defaultValues: { code: "" },
  });
  const { isSubmitting } = form.formState;
  const groupedSecret = props.setup.secret.match(/.{1,4}/g)?.join(" ") ?? props.setup.secret;
  return (
    <div className="grid gap-6 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5 md:grid-cols-[auto_1fr]">
      <div className="grid justify-items-center gap-2">
        <QrCode
          value={props.setup.otpauthUrl}
          label="QR code to scan with your authenticator app"
          className="h-44 w-44 rounded-lg border border-slate-200"
        />
      </div>
      <div className="grid content-start gap-4">
        <ol className="grid list-decimal gap-2 pl-5 text-sm text-slate-700">
          <li>Open your authenticator app and add an account by scanning this QR code.</li>
          <li>
            Can't scan it? Choose to enter a setup key and type:{" "}
            <code className="rounded bg-white px-1.5 py-0.5 font-mono text-sm break-all text-slate-900">
              {groupedSecret}
            </code>
          </li>
          <li>Enter the 6-digit code the app shows for Directors.</li>
        </ol>
        <form
          noValidate
          className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start"
          onSubmit={submitHandler(form, async (values) => {
            await confirmTwoFactor(values);
            props.onConfirmed();
          })}
        >
          <FormInput
            form={form}
            name="code"
            id="two-factor-confirm"
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            className="font-mono tracking-widest"
          />
          <div className="flex gap-2 sm:mt-7">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Checking..." : "Turn on"}
            </Button>
            <Button type="button" variant="ghost" disabled={isSubmitting} onClick={props.onCancel}>
              Cancel
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
