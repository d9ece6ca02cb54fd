/** Placeholder until this screen is built. */
export function SelectDepartmentPage() {
  return <h1 className="p-8 text-2xl font-bold">Select Your AI Directors</h1>;
}
