import { afterEach, beforeEach, vi } from "vitest";

/** A console.error during a test fails it: errors must be expected, not ignored. */
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    const messages = errors.map((args) => args.map(String).join(" ")).join("\n");
    throw new Error(`console.error was called during the test:\n${messages}`);
  }
});

/** For the few tests that expect a console.error: returns what was logged and clears it. */
export function takeConsoleErrors(): string[] {
  const taken = errors.map((args) => args.map(String).join(" "));
  errors = [];
  return taken;
}
