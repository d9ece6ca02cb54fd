/** Placeholder until this screen is built. */
export function TrainDirectorPage() {
  return <h1 className="p-8 text-2xl font-bold">Train</h1>;
}
