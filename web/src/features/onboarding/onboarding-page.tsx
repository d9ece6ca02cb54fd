/** Placeholder until this screen is built. */
export function OnboardingPage() {
  return <h1 className="p-8 text-2xl font-bold">Onboarding</h1>;
}
