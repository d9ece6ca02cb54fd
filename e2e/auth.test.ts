import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "../server/db/schema";
import { DESKTOP, PHONE, screenshot, setupBrowser } from "./support/browser";
import { expectToast } from "./support/toasts";

const browser = setupBrowser();

describe("accounts in the browser", () => {
  it("signs up a new owner and lands on /subscription with the toast", async () => {
    const page = await browser.newPage();
    await page.goto("/auth?signup=true");
    await page.getByRole("heading", { name: "Welcome to Directors" }).waitFor();
    await page.getByLabel("Name").fill("Dana Owner");
    await page.getByLabel("Email").fill("dana@example.com");
    await page.getByLabel("Password", { exact: true }).fill("correct-horse-battery");
    await page.getByLabel("Confirm password").fill("correct-horse-battery");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL("**/subscription");
    await expectToast(page, "Account created!", "Your account has been successfully created.");
    await page.getByRole("button", { name: "Sign Out" }).waitFor();
  });

  it("shows every client-side validation message verbatim", async () => {
    const page = await browser.newPage();
    await page.goto("/auth?signup=true");
    await page.getByLabel("Name").fill("D");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm password").fill("different");
    await page.getByRole("button", { name: "Create Account" }).click();
    for (const message of [
      "Name must be at least 2 characters.",
      "Please enter a valid email address.",
      "Password must be at least 8 characters.",
      "Passwords don't match",
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    expect(page.url()).toContain("/auth?signup=true");
  });

  it("sends a visitor from /chat to /login?next=/chat and back after login", async () => {
    const setup = await browser.newPage();
    const signup = await setup.request.post("/api/auth/sign-up", {
      headers: { origin: browser.url },
      data: {
        name: "Lee",
        email: "lee@example.com",
        password: "correct-horse-battery",
        confirmPassword: "correct-horse-battery",
      },
    });
    expect(signup.status()).toBe(201);

    const page = await browser.newPage();
    await page.goto("/chat");
    await page.waitForURL("**/login?next=%2Fchat");
    await page.getByLabel("Email").fill("LEE@example.com ");
    await page.getByLabel("Password").fill("correct-horse-battery");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((url) => url.pathname === "/chat");
    await expectToast(page, "Welcome back!", "You've successfully logged in.");
  });

  it("switches tabs through the query and the tabs update the URL", async () => {
    const page = await browser.newPage();
    await page.goto("/login");
    expect(await page.getByRole("tab", { name: "Login" }).getAttribute("aria-selected")).toBe("true");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await page.waitForURL("**/login?signup=true");
    await page.getByRole("button", { name: "Create Account" }).waitFor();
    await page.goto("/auth?login=true");
    expect(await page.getByRole("tab", { name: "Login" }).getAttribute("aria-selected")).toBe("true");
  });

  it("shows a generic destructive toast for a wrong password", async () => {
    const page = await browser.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expectToast(page, "Error", "Invalid email or password.");
    expect(page.url()).toContain("/login");
  });

  it("signs out from the nav bar and protects pages again", async () => {
    const page = await browser.newPage();
    await page.goto("/auth?signup=true");
    await page.getByLabel("Name").fill("Sam Owner");
    await page.getByLabel("Email").fill("samowner@example.com");
    await page.getByLabel("Password", { exact: true }).fill("correct-horse-battery");
    await page.getByLabel("Confirm password").fill("correct-horse-battery");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL("**/subscription");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("link", { name: "Log In" }).waitFor();
    // Signing out from a protected page lands on the public home page, not on /login.
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("heading", { name: "AI Directors For Your Business Success" }).waitFor();
    await page.goto("/settings");
    await page.waitForURL("**/login?next=%2Fsettings");
  });

  it("asks an owner whose session ended elsewhere to log in again, and brings them back", async () => {
    const page = await browser.newPage();
    const signup = await page.request.post("/api/auth/sign-up", {
      headers: { origin: browser.url },
      data: {
        name: "Kim",
        email: "kim@example.com",
        password: "correct-horse-battery",
        confirmPassword: "correct-horse-battery",
      },
    });
    expect(signup.status()).toBe(201);
    const { user } = (await signup.json()) as { user: { id: string } };
    await page.goto("/subscription");
    await page.getByRole("heading", { name: "Choose Your Plan" }).waitFor();

    // The session ends on the server (it expired, or was revoked from another device) while the page stays open.
    await browser.server.deps.db.delete(sessions).where(eq(sessions.userId, user.id));
    browser.server.deps.sessions.forget(user.id);
    await page.getByRole("navigation").getByRole("link", { name: "Settings" }).click();

    await page.waitForURL("**/login?next=%2Fsettings");
    await expectToast(page, "Your session has ended", "Please log in again to continue.");
    await page.getByRole("link", { name: "Log In" }).waitFor();
    await page.getByLabel("Email").fill("kim@example.com");
    await page.getByLabel("Password").fill("correct-horse-battery");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((url) => url.pathname === "/settings");
  });

  it("looks right at phone and desktop width", async () => {
    for (const [name, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      const page = await browser.newPage(viewport);
      await page.goto("/auth?signup=true");
      await page.getByRole("button", { name: "Create Account" }).waitFor();
      await screenshot(page, `auth-${name}`);
    }
  });
});
