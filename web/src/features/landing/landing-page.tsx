/** Placeholder until this screen is built. */
export function LandingPage() {
  return <h1 className="p-8 text-2xl font-bold">AI Directors For Your Business Success</h1>;
}
