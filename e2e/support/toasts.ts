import type { Page } from "playwright-core";

/** An open toast containing this text (Radix also copies toast text into a hidden live region). */
export function openToast(page: Page, text: string) {
  return page.locator("li[data-state='open']").filter({ hasText: text });
}

/** Waits for an open toast with exactly this title and description. */
export async function expectToast(page: Page, title: string, description: string) {
  const toast = openToast(page, description);
  await toast.getByText(title, { exact: true }).waitFor();
  await toast.getByText(description, { exact: true }).waitFor();
}
