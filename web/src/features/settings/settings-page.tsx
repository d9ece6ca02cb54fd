/** Placeholder until this screen is built. */
export function SettingsPage() {
  return <h1 className="p-8 text-2xl font-bold">Settings</h1>;
}
