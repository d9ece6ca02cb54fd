import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DIRECTORS } from "#shared/directors";
import { DESKTOP, PHONE, screenshot, setupBrowser, TABLET } from "./support/browser";

const HEADLINE = "AI Directors For Your Business Success";
const CONTACT_EMAIL = "help@owner-business.test";
const PASSWORD = "correct-horse-battery";
const BASE_ENV = { CONTACT_EMAIL };

const AXE_SOURCE = fs.readFileSync(path.resolve("node_modules/axe-core/axe.min.js"), "utf8");

const browser = setupBrowser({ env: BASE_ENV });

async function signUp(page: Page, email: string) {
  const response = await page.request.post("/api/auth/sign-up", {
    headers: { origin: browser.url },
    data: { name: "Dana Owner", email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(response.status()).toBe(201);
}

/** Lets entrance animations end, so what is checked is what a visitor sees once the page settles. */
async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished),
    ),
  );
}

/** Every request the page makes that does not go to our own server. */
function recordThirdPartyRequests(page: Page): string[] {
  const origin = new URL(browser.url).origin;
  const requests: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:")) requests.push(url);
  });
  return requests;
}

describe("landing page", () => {
  it("shows the landing page to a visitor at / and at /index, with the spec's copy and links", async () => {
    const page = await browser.newPage();
    for (const address of ["/", "/index"]) {
      await page.goto(address);
      await page.getByRole("heading", { level: 1, name: HEADLINE }).waitFor();
      expect(await page.locator("h1").count()).toBe(1);
      await page
        .getByText("Expert AI directors trained with industry best practices to elevate your business operations.")
        .waitFor();
      await page.getByText("7-day free trial", { exact: false }).first().waitFor();
      expect(await page.getByRole("link", { name: "Start Free Trial" }).getAttribute("href")).toBe("/auth?signup=true");
      expect(await page.getByRole("link", { name: "View Plans" }).getAttribute("href")).toBe("/pricing");

      await page.getByRole("heading", { level: 2, name: "Meet Your AI Directors" }).waitFor();
      const cards = page.locator("li.landing-card-in");
      expect(await cards.count()).toBe(DIRECTORS.length);
      for (const [index, director] of DIRECTORS.entries()) {
        const card = cards.nth(index);
        expect(await card.getByRole("heading", { level: 3 }).textContent()).toBe(director.name);
        const text = await card.textContent();
        expect(text).toContain(director.name[0]);
        expect(text).toContain(director.title);
        expect(text).toContain(director.description);
      }

      // What the board, knowledge and the website start do, in a line each.
      const extras = page.getByRole("region", { name: "More than a chat" });
      for (const [name, words] of [
        ["Board meeting", "a memo sets out where they agree, where they disagree and what you need to decide."],
        ["Knowledge", "Your directors read them and show which ones each answer used."],
        ["Start from your website", "You check every answer before it is saved."],
      ] as const) {
        await extras.getByRole("heading", { level: 3, name }).waitFor();
        await extras.getByText(words, { exact: false }).waitFor();
      }

      await page.getByRole("heading", { level: 2, name: "Ready to Transform Your Business?" }).waitFor();
      await page
        .getByText(
          "Start your 7-day free trial today and experience the power of AI directors customized for your business.",
        )
        .waitFor();
      expect(await page.getByRole("link", { name: "Get Started Now" }).getAttribute("href")).toBe("/auth?signup=true");

      const year = await page.evaluate(() => new Date().getFullYear());
      await page.getByText(`© ${year} Directors. All rights reserved.`).waitFor();
      const legal = page.getByRole("navigation", { name: "Legal" });
      for (const [name, href] of [
        ["Terms of Service", "/terms"],
        ["Privacy Policy", "/privacy"],
        ["Contact", "/contact"],
      ]) {
        expect(await legal.getByRole("link", { name }).getAttribute("href")).toBe(href);
      }
    }
  });

  it("replaces / with /chat for a signed-in owner without ever showing the landing page; /index still shows it", async () => {
    const page = await browser.newPage();
    await page.goto("/index");
    await signUp(page, "signed-in@example.com");
    await page.addInitScript((headline) => {
      const w = window as unknown as { navigations: string[][]; sawLanding: boolean };
      w.navigations = [];
      w.sawLanding = false;
      for (const method of ["pushState", "replaceState"] as const) {
        const original = history[method].bind(history);
        history[method] = (state: unknown, unused: string, url?: string | URL | null) => {
          if (url != null) w.navigations.push([method, String(url)]);
          original(state, unused, url);
        };
      }
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (
              node instanceof Element &&
              (node.matches("h1") ? [node] : [...node.querySelectorAll("h1")]).some((h1) =>
                h1.textContent?.includes(headline),
              )
            ) {
              w.sawLanding = true;
            }
          }
        }
      }).observe(document, { childList: true, subtree: true });
    }, HEADLINE);

    await page.goto("/");
    await page.waitForFunction(() =>
      (window as unknown as { navigations: string[][] }).navigations.some(
        ([method, url]) => method === "replaceState" && url === "/chat",
      ),
    );
    const result = await page.evaluate(() => {
      const w = window as unknown as { navigations: string[][]; sawLanding: boolean };
      return { navigations: w.navigations, sawLanding: w.sawLanding };
    });
    expect(result.sawLanding).toBe(false);
    // The first move away from "/" replaces it: Back will not land on a "/" that bounces to /chat again.
    // (What /chat does next belongs to the chat page.)
    expect(result.navigations[0]).toEqual(["replaceState", "/chat"]);

    await page.goto("/index");
    await page.getByRole("heading", { level: 1, name: HEADLINE }).waitFor();
    await page.getByRole("button", { name: "Sign Out" }).waitFor();
  });

  it("leads every link of the landing page, nav bar and footer to a real page, never the 404 screen", async () => {
    const page = await browser.newPage();
    await page.goto("/");
    await page.getByRole("heading", { level: 1, name: HEADLINE }).waitFor();
    await page.getByRole("link", { name: "Log In" }).waitFor();
    const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    const internal = [...new Set(hrefs.filter((href): href is string => Boolean(href && !href.startsWith("#"))))];
    expect(internal.every((href) => href.startsWith("/"))).toBe(true);
    // A visitor is shown only pages they can use: no Chat or Settings, and Pricing is the public plans page.
    for (const hidden of ["/chat", "/subscription", "/settings"]) expect(internal).not.toContain(hidden);
    for (const expected of [
      "/",
      "/auth?login=true",
      "/auth?signup=true",
      "/pricing",
      "/terms",
      "/privacy",
      "/contact",
    ]) {
      expect(internal).toContain(expected);
    }
    for (const href of internal) {
      await page.goto(href);
      const heading = page.locator("h1").first();
      await heading.waitFor();
      expect(await heading.textContent(), href).not.toBe("404");
      expect(await page.getByText("Page not found").count(), href).toBe(0);
    }
  });

  it("lays the director cards out in 1, 2 and 3 columns and staggers their entrance by 0.1 s", async () => {
    const page = await browser.newPage();
    for (const [viewport, columns] of [
      [PHONE, 1],
      [TABLET, 2],
      [DESKTOP, 3],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto("/index");
      const cards = page.locator("li.landing-card-in");
      await cards.first().waitFor();
      await settle(page);
      const lefts = await cards.evaluateAll((items) =>
        items.map((item) => Math.round(item.getBoundingClientRect().left)),
      );
      expect(new Set(lefts).size, `${viewport.width} px`).toBe(columns);
      const animation = await cards.evaluateAll((items) =>
        items.map((item) => {
          const style = getComputedStyle(item);
          return { name: style.animationName, delay: style.animationDelay };
        }),
      );
      expect(animation.map((item) => item.delay)).toEqual(["0s", "0.1s", "0.2s", "0.3s", "0.4s", "0.5s"]);
      expect(animation.every((item) => item.name === "landing-card-in")).toBe(true);
    }

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/index");
    await page.locator("li.landing-card-in").first().waitFor();
    const names = await page
      .locator("li.landing-card-in")
      .evaluateAll((items) => items.map((item) => getComputedStyle(item).animationName));
    expect(names.every((name) => name === "none")).toBe(true);
  });

  it("paints the headline as the largest element, with no layout shift, at phone and desktop width", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await browser.newPage(viewport);
      await page.addInitScript(() => {
        const w = window as unknown as { lcp: string[]; cls: number };
        w.lcp = [];
        w.cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element }>) {
            w.lcp.push(entry.element?.tagName ?? "?");
          }
        }).observe({ type: "largest-contentful-paint", buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >) {
            if (!entry.hadRecentInput) w.cls += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto("/");
      await page.getByRole("heading", { level: 1, name: HEADLINE }).waitFor();
      await page.getByRole("button", { name: "Play demo video" }).waitFor();
      await settle(page);
      await page.waitForTimeout(300);
      const { lcp, cls } = await page.evaluate(() => {
        const w = window as unknown as { lcp: string[]; cls: number };
        return { lcp: w.lcp, cls: w.cls };
      });
      // The headline, or the demo's poster frame from our own server beside it.
      expect(["H1", "IMG"], `${viewport.width} px`).toContain(lcp.at(-1));
      expect(cls, `${viewport.width} px`).toBeLessThan(0.01);
    }
  });

  it("sends the landing page's scripts and styles gzip-compressed", async () => {
    const page = await browser.newPage();
    const assets: Array<{ url: string; encoding: string | undefined }> = [];
    page.on("response", (response) => {
      if (/\/assets\/.+\.(js|css)$/.test(response.url())) {
        assets.push({ url: response.url(), encoding: response.headers()["content-encoding"] });
      }
    });
    await page.goto("/");
    await page.getByRole("heading", { level: 1, name: HEADLINE }).waitFor();
    await page.waitForLoadState("networkidle");
    const entry = assets.find((asset) => /\/assets\/index-[^/]+\.js$/.test(asset.url));
    expect(entry?.encoding).toBe("gzip");
    expect(assets.find((asset) => asset.url.endsWith(".css"))?.encoding).toBe("gzip");
  });

  it("looks right at 375, 768 and 1280 px", async () => {
    const page = await browser.newPage();
    for (const [name, viewport] of [
      ["phone", PHONE],
      ["tablet", TABLET],
      ["desktop", DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto("/");
      await page.getByRole("heading", { level: 1, name: HEADLINE }).waitFor();
      await page.waitForFunction(
        () => (document.querySelector("[data-testid=demo-video] img") as HTMLImageElement)?.complete,
      );
      await settle(page);
      await screenshot(page, `landing-${name}`);
    }
  });
});

describe("legal pages", () => {
  it("explain what is stored, what the AI provider receives and how to leave, with the configured address", async () => {
    const page = await browser.newPage();

    await page.goto("/privacy");
    await page.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
    expect(await page.locator("h1").count()).toBe(1);
    for (const heading of ["What we store", "What the AI provider receives", "Export or delete your data"]) {
      await page.getByRole("heading", { level: 2, name: heading }).waitFor();
    }
    for (const text of [
      "Your business profile:",
      "Your training answers:",
      "Your conversations:",
      "your business context",
    ]) {
      await page.getByText(text, { exact: false }).first().waitFor();
    }
    await page.getByText("Settings → Your data").first().waitFor();
    expect(await page.getByRole("link", { name: CONTACT_EMAIL }).getAttribute("href")).toBe(`mailto:${CONTACT_EMAIL}`);

    await page.goto("/terms");
    await page.getByRole("heading", { level: 1, name: "Terms of Service" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "AI advice is a starting point" }).waitFor();
    await page.getByText("$29.99/month", { exact: false }).waitFor();
    await page.getByRole("link", { name: CONTACT_EMAIL }).waitFor();

    await page.goto("/contact");
    await page.getByRole("heading", { level: 1, name: "Contact" }).waitFor();
    expect(await page.getByRole("link", { name: CONTACT_EMAIL }).getAttribute("href")).toBe(`mailto:${CONTACT_EMAIL}`);
    expect(await page.getByRole("link", { name: "Settings → Your data" }).getAttribute("href")).toBe("/settings");

    for (const [name, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const address of ["/privacy", "/contact"]) {
        await page.goto(address);
        await page.getByRole("link", { name: CONTACT_EMAIL }).first().waitFor();
        await screenshot(page, `legal${address.replace("/", "-")}-${name}`);
      }
    }

    // Too long for one line on a phone, the address breaks after its hyphen, not mid-word.
    await page.setViewportSize(PHONE);
    const lines = await page
      .getByRole("main")
      .getByRole("link", { name: CONTACT_EMAIL })
      .evaluate((link) => {
        const text = link.firstChild as Text;
        const byLine = new Map<number, string>();
        for (let index = 0; index < text.length; index++) {
          const range = document.createRange();
          range.setStart(text, index);
          range.setEnd(text, index + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          byLine.set(top, (byLine.get(top) ?? "") + (text.data[index] ?? ""));
        }
        return [...byLine.values()];
      });
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(0, -1).every((line) => /[-.@]$/.test(line))).toBe(true);
    expect(lines.join("")).toBe(CONTACT_EMAIL);
  });
});

describe("404 and the error screen", () => {
  it("shows the 404 screen for an unknown path, logs the path, and links home", async () => {
    browser.expectConsoleError(/\/no-such-page/);
    const page = await browser.newPage(PHONE);
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text());
    });
    await page.goto("/no-such-page");
    await page.getByRole("heading", { level: 1, name: "404" }).waitFor();
    await page.getByText("Page not found", { exact: true }).waitFor();
    expect(logged.some((text) => text.includes("/no-such-page"))).toBe(true);
    await screenshot(page, "not-found-phone");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("heading", { level: 1, name: HEADLINE }).waitFor();
  });

  it("shows the router error screen with the message when a page fails to load", async () => {
    browser.expectConsoleError(/Failed to load resource|dynamically imported module|terms-page/);
    const page = await browser.newPage();
    await page.route(/\/assets\/terms-page-[^/]*\.js$/, (route) => route.abort());
    await page.goto("/terms");
    await page.getByRole("heading", { level: 1, name: "Unexpected Application Error!" }).waitFor();
    await page.getByRole("heading", { level: 2, name: /Failed to fetch dynamically imported module/ }).waitFor();
    expect(await page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
    await screenshot(page, "route-error-desktop");
  });
});

describe("nav bar", () => {
  it("folds the links into a menu on phones that works with the keyboard", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/index");
    await page.getByRole("heading", { level: 1, name: HEADLINE }).waitFor();
    const main = page.getByRole("navigation", { name: "Main" });
    const toggle = main.getByRole("button", { name: "Menu" });
    expect(await main.getByRole("link", { name: "Pricing" }).isVisible()).toBe(false);

    await toggle.focus();
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Home");
    await screenshot(page, "nav-menu-phone");
    await page.keyboard.press("Escape");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await main.getByRole("link", { name: "Pricing" }).isVisible()).toBe(false);
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);

    await page.keyboard.press("Space");
    for (const name of ["Home", "Pricing"]) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(name);
    }
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/pricing");
    await page.getByRole("heading", { level: 1, name: "Choose Your Plan" }).waitFor();
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("toasts", () => {
  it("shows at most 5, newest first, and dismisses them with Escape, a 50 px swipe and F8 then Escape", async () => {
    const setup = await browser.newPage();
    await setup.goto("/index");
    await signUp(setup, "toasts@example.com");

    const page = await browser.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill("toasts@example.com");
    const password = page.getByLabel("Password");
    await password.fill("wrong-password");
    const region = page.getByRole("region", { name: "Notifications (F8)" });
    const open = region.locator("li[data-state=open]");

    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const answered = page.waitForResponse((response) => response.url().endsWith("/api/auth/login"));
      await password.press("Enter");
      expect((await answered).status()).toBe(401);
      await expect.poll(() => open.count()).toBe(Math.min(attempt, 5));
      // Resting the pointer on the toasts pauses their 5 s timers, so none expires while the test counts.
      if (attempt === 1) await open.first().hover();
    }
    expect(await open.count()).toBe(5);
    expect(await open.filter({ hasText: "Invalid email or password." }).count()).toBe(5);

    await password.fill(PASSWORD);
    await password.press("Enter");
    await open.filter({ hasText: "Welcome back!" }).waitFor();
    expect(await open.count()).toBe(5);
    // Newest first: the success toast is the top one of the stack.
    const stack = await open.evaluateAll((items) =>
      items
        .map((item) => ({ top: item.getBoundingClientRect().top, text: item.textContent ?? "" }))
        .sort((a, b) => a.top - b.top)
        .map((item) => item.text),
    );
    expect(stack[0]).toContain("Welcome back!");
    expect(stack.slice(1).every((text) => text.includes("Invalid email or password."))).toBe(true);
    await screenshot(page, "toasts-desktop");

    // Escape closes the newest toast.
    await page.keyboard.press("Escape");
    await expect.poll(() => open.count()).toBe(4);
    expect(await open.filter({ hasText: "Welcome back!" }).count()).toBe(0);

    // A swipe right shorter than 50 px snaps back; a longer one dismisses.
    const swipe = async (distance: number) => {
      const box = await open.last().boundingBox();
      if (!box) throw new Error("The toast has no box.");
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 40, y);
      await page.mouse.down();
      for (let step = 1; step <= 10; step += 1) await page.mouse.move(box.x + 40 + (distance * step) / 10, y);
      await page.mouse.up();
    };
    await swipe(30);
    await page.waitForTimeout(400);
    expect(await open.count()).toBe(4);
    await swipe(80);
    await expect.poll(() => open.count()).toBe(3);

    // F8 moves focus to the toast region; Escape there still closes a toast.
    await page.keyboard.press("F8");
    expect(await region.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => open.count()).toBe(2);
  });
});

describe("toasts offline", () => {
  it("still shows a toast, plainly, when the toast code cannot be fetched", async () => {
    browser.expectConsoleError(/Failed to load resource|toast-list/);
    const page = await browser.newPage(PHONE);
    await page.goto("/login");
    let blocked = 0;
    await page.route(/\/assets\/toast-list-[^/]*\.js$/, (route) => {
      blocked += 1;
      return route.abort();
    });
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Login" }).click();
    await page
      .getByRole("region", { name: "Notifications", exact: true })
      .getByText("Invalid email or password.")
      .waitFor();
    await page.getByRole("heading", { level: 1, name: "Welcome to Directors" }).waitFor();
    expect(blocked).toBeGreaterThan(0);
  });
});

describe("accessibility", () => {
  it("has no serious or critical axe issue on /, /pricing, /login, a 404 page and the legal pages", async () => {
    browser.expectConsoleError(/\/missing-page-for-axe/);
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await browser.newPage(viewport);
      for (const address of ["/", "/pricing", "/login", "/missing-page-for-axe", "/terms", "/privacy", "/contact"]) {
        await page.goto(address);
        await page.locator("h1").first().waitFor();
        await page.waitForLoadState("networkidle");
        await settle(page);
        // Evaluated rather than added as a <script>: the app's CSP rightly blocks inline scripts.
        await page.evaluate(AXE_SOURCE);
        const violations = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run(): Promise<{ violations: Array<Record<string, unknown>> }> } })
            .axe;
          const result = await axe.run();
          return result.violations
            .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
            .map((violation) => ({
              id: violation.id,
              impact: violation.impact,
              nodes: (violation.nodes as Array<{ target: unknown }>).map((node) => node.target),
            }));
        });
        expect(violations, `${address} at ${viewport.width} px`).toEqual([]);
        expect(await page.locator("h1").count(), address).toBe(1);
      }
    }
  });
});

describe("demo video", () => {
  it("plays our own recording of the product by default, from our own server, with its poster frame", async () => {
    const page = await browser.newPage();
    const thirdParty = recordThirdPartyRequests(page);
    const origin = new URL(browser.url).origin;
    const media: string[] = [];
    page.on("request", (request) => {
      if (/\.(webm|jpg)$/.test(request.url())) media.push(request.url());
    });
    await page.goto("/");
    const frame = page.getByTestId("demo-video");
    const poster = frame.locator("img");
    await page.waitForFunction(() => {
      const image = document.querySelector("[data-testid=demo-video] img") as HTMLImageElement | null;
      return image?.complete && image.naturalWidth > 0;
    });
    expect(await poster.getAttribute("src")).toBe("/demo/directors-demo-poster.jpg");
    const box = await frame.boundingBox();
    expect(box && box.width / box.height).toBeCloseTo(16 / 9, 1);
    // Nothing but the poster is fetched until the visitor presses play.
    await page.waitForLoadState("networkidle");
    expect(media).toEqual([`${origin}/demo/directors-demo-poster.jpg`]);

    const play = frame.getByRole("button", { name: "Play demo video" });
    await play.click();
    await play.waitFor({ state: "detached" });
    await page.waitForFunction(() => {
      const video = document.querySelector("video");
      return video && !video.paused && video.currentTime > 0 && video.videoWidth === 1280;
    });
    expect(media).toContain(`${origin}/demo/directors-demo.webm`);
    await frame.getByRole("button", { name: "Pause demo video" }).click();
    await frame.getByRole("button", { name: "Play demo video" }).waitFor();
    expect(thirdParty).toEqual([]);
  });

  it("plays a configured video file from the overlay, hides the overlay, and pauses with the toggle", async () => {
    // The server serves this run's build folder, so a file written there is served like any static file.
    const file = path.join(inject("staticDir"), "test-video.webm");
    try {
      const maker = await browser.newPage();
      await maker.goto("/index");
      fs.writeFileSync(file, Buffer.from(await recordTestVideo(maker), "base64"));
      await browser.restart({ env: { ...BASE_ENV, DEMO_VIDEO_URL: "/test-video.webm" } });

      const page = await browser.newPage();
      const thirdParty = recordThirdPartyRequests(page);
      const videoRequests: string[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith("/test-video.webm")) videoRequests.push(request.url());
      });
      await page.goto("/");
      const play = page.getByRole("button", { name: "Play demo video" });
      await play.waitFor();
      await page.waitForLoadState("networkidle");
      expect(videoRequests).toEqual([]);

      await play.click();
      await play.waitFor({ state: "detached" });
      await page.waitForFunction(() => {
        const element = document.querySelector("video");
        return element && !element.paused && element.currentTime > 0;
      });
      const video = page.locator("video");
      expect(await video.evaluate((element: HTMLVideoElement) => element.controls)).toBe(false);
      const pause = page.getByRole("button", { name: "Pause demo video" });
      expect(await pause.evaluate((button) => button === document.activeElement)).toBe(true);
      await screenshot(page, "demo-video-playing");

      await pause.click();
      await play.waitFor();
      expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
      expect(await pause.count()).toBe(0);
      expect(thirdParty).toEqual([]);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it("only logs a play failure, showing the visitor nothing new", async () => {
    browser.expectConsoleError(/^Error playing video:/);
    await browser.restart({ env: { ...BASE_ENV, DEMO_VIDEO_URL: "/no-such-video.webm" } });
    const page = await browser.newPage();
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text());
    });
    await page.goto("/");
    const play = page.getByRole("button", { name: "Play demo video" });
    await play.click();
    await expect.poll(() => logged.some((text) => text.startsWith("Error playing video:"))).toBe(true);
    expect(await play.isVisible()).toBe(true);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await page.getByRole("region", { name: "Notifications (F8)" }).count()).toBe(0);
  });

  it("embeds YouTube and Vimeo without cookies, and only after the visitor presses play", async () => {
    for (const [configured, embed] of [
      [
        "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
        "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0",
      ],
      ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1"],
    ] as const) {
      await browser.restart({ env: { ...BASE_ENV, DEMO_VIDEO_URL: configured } });
      const page = await browser.newPage();
      // The embed is answered locally: the test never reaches the real provider.
      await page.route(/youtube-nocookie\.com|player\.vimeo\.com/, (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Player</title>" }),
      );
      const thirdParty = recordThirdPartyRequests(page);
      await page.goto("/");
      const play = page.getByRole("button", { name: "Play demo video" });
      await play.waitFor();
      await page.waitForLoadState("load");
      expect(thirdParty, configured).toEqual([]);
      expect(await page.locator("iframe").count()).toBe(0);

      await play.click();
      const iframe = page.locator("iframe[title='Directors product demo']");
      await iframe.waitFor();
      expect(await iframe.getAttribute("src")).toBe(embed);
      await expect.poll(() => thirdParty.some((url) => url.startsWith(embed))).toBe(true);
      await page.close();
    }
  });
});

/**
 * Records a few seconds of a canvas animation as WebM in the browser itself,
 * so the test needs no video file, no ffmpeg and no download.
 */
async function recordTestVideo(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 180;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("No 2D canvas.");
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: "video/webm;codecs=vp8" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    let frame = 0;
    const draw = () => {
      context.fillStyle = `hsl(${(frame * 7) % 360} 70% 45%)`;
      context.fillRect(0, 0, canvas.width, canvas.height);
      frame += 1;
    };
    draw();
    const timer = setInterval(draw, 40);
    recorder.start(250);
    await new Promise((resolve) => setTimeout(resolve, 6000));
    recorder.stop();
    clearInterval(timer);
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: "video/webm" }).arrayBuffer());
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
}
