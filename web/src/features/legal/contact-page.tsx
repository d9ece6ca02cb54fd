/** Placeholder until this screen is built. */
export function ContactPage() {
  return <h1 className="p-8 text-2xl font-bold">Contact</h1>;
}
