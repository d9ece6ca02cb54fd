import { SettingsSection } from "../../components/settings-section";
import { ThemeChoice } from "../../components/theme-choice";

/** The theme, chosen here or in the nav bar; it belongs to this browser, not to the account. */
export function AppearanceSection() {
  return (
    <SettingsSection
      id="appearance"
      title="Appearance"
      description="Light, dark, or whatever your device is set to. Remembered on this device."
    >
      <p id="appearance-theme" className="mb-2 text-sm font-medium text-slate-800">
        Theme
      </p>
      <ThemeChoice labelledBy="appearance-theme" />
    </SettingsSection>
  );
}
