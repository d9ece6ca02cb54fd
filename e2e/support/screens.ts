import type { Page } from "playwright-core";
import { expect } from "vitest";
import { DESKTOP, PHONE, screenshot } from "./browser";

/**
 * Screenshots of what the page shows now at a phone's and a laptop's width, in the light and the dark theme (the
 * app follows the system's), for a person to look at, checking that nothing scrolls sideways; the page is left at the
 * size and theme it had.
 */
export async function screenshotEverySize(page: Page, name: string) {
  const viewport = page.viewportSize() ?? DESKTOP;
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains("dark") === dark,
      colorScheme === "dark",
    );
    for (const [size, width] of [
      ["phone", PHONE.width],
      ["desktop", DESKTOP.width],
    ] as const) {
      await page.setViewportSize({ width, height: size === "phone" ? PHONE.height : DESKTOP.height });
      // Nothing may make the page scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBe(width);
      await screenshot(page, `${name}-${size}-${colorScheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: null });
  await page.setViewportSize(viewport);
}
