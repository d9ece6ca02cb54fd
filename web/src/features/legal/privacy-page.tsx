/** Placeholder until this screen is built. */
export function PrivacyPage() {
  return <h1 className="p-8 text-2xl font-bold">Privacy Policy</h1>;
}
