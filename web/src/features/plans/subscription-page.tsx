/** Placeholder until this screen is built. */
export function SubscriptionPage() {
  return <h1 className="p-8 text-2xl font-bold">Choose Your Plan</h1>;
}
