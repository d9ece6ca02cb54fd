import { SettingsQuerySection } from "../../components/settings-section";
import { LoadingBlocks } from "../../components/ui/loading-blocks";
import { useSecurity } from "./settings-api";
import { SignedInDevices } from "./signed-in-devices";
import { TwoFactorSettings } from "./two-factor-settings";

/** Settings → Security: two-factor sign-in and the devices signed in to the account. */
export function SecuritySection() {
  const security = useSecurity();
  return (
    <SettingsQuerySection
      id="security"
      title="Security"
      description="How you sign in, and where you are signed in."
      query={security}
      loading={<LoadingBlocks blocks={["h-5 w-48", "h-16 w-full"]} />}
      errorClassName="text-sm text-red-800"
    >
      {(overview) => (
        <div className="grid gap-6">
          <TwoFactorSettings enabled={overview.twoFactorEnabled} />
          <div className="border-t border-slate-200 pt-6">
            <SignedInDevices sessions={overview.sessions} />
          </div>
        </div>
      )}
    </SettingsQuerySection>
  );
}
