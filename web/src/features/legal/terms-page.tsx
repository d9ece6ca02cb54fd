/** Placeholder until this screen is built. */
export function TermsPage() {
  return <h1 className="p-8 text-2xl font-bold">Terms of Service</h1>;
}
