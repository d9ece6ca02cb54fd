import { describe, expect, it } from "vitest";
import { ERRORS } from "../../shared/errors";
import { givePlan, PROFILE } from "../test/fixtures";
import { createTestApp, type TestApp } from "../test/test-app";

/** Every endpoint that changes something, with a body it would accept. */
const STATE_CHANGING: Array<[method: string, path: string, body: unknown]> = [
  [
    "POST",
    "/api/auth/sign-up",
    { name: "Eve", email: "eve@example.com", password: "p".repeat(8), confirmPassword: "p".repeat(8) },
  ],
  ["POST", "/api/auth/login", { email: "dana@example.com", password: "correct-horse-battery" }],
  ["POST", "/api/auth/logout", {}],
  ["POST", "/api/plans/select", { planId: "standard" }],
  ["PUT", "/api/onboarding", PROFILE],
  ["PATCH", "/api/onboarding", { field: "goals", value: "Sell more coffee this year." }],
  ["POST", "/api/training/martha", {}],
  ["POST", "/api/chat/martha/messages", { text: "Hello" }],
  ["POST", "/api/chat/martha/clear", {}],
  ["POST", "/api/board/meetings", { text: "Hello, board" }],
  ["DELETE", "/api/settings/directors/martha/training", {}],
  ["PATCH", "/api/account", { name: "Mallory" }],
  [
    "POST",
    "/api/account/password",
    { currentPassword: "x", newPassword: "y".repeat(8), confirmPassword: "y".repeat(8) },
  ],
  ["POST", "/api/account/sign-out-everywhere", {}],
  ["DELETE", "/api/account", { email: "dana@example.com" }],
];

async function owner(app: TestApp) {
  const dana = await app.signUp({ name: "Dana Owner", email: "dana@example.com" });
  await givePlan(app.deps, dana.user.id, "premium");
  return dana;
}

async function expectCode(response: Response, code: keyof typeof ERRORS, label: string) {
  expect(response.status, label).toBe(ERRORS[code].status);
  expect((await response.json()).error.code, label).toBe(code);
}

describe("forged requests", () => {
  it("refuses every state-changing request from another origin, or from a client that names none", async () => {
    const app = await createTestApp();
    const { cookie } = await owner(app);
    const elsewhere: Array<[string, { origin: string | null; headers?: Record<string, string> }]> = [
      ["another site", { origin: "http://evil.example" }],
      ["another port of the same host", { origin: "http://localhost:4000" }],
      ["a sibling subdomain", { origin: "http://app.localhost:3000" }],
      ["https instead of http", { origin: "https://localhost:3000" }],
      ["an opaque origin", { origin: "null" }],
      ["no Origin, same-site", { origin: null, headers: { "sec-fetch-site": "same-site" } }],
      ["no Origin, cross-site", { origin: null, headers: { "sec-fetch-site": "cross-site" } }],
      ["no Origin at all", { origin: null }],
    ];
    for (const [method, path, body] of STATE_CHANGING) {
      for (const [label, from] of elsewhere) {
        const response = await app.request(path, { method, body, cookie, ...from });
        await expectCode(response, "forbidden:origin", `${method} ${path} from ${label}`);
      }
    }
    // Nothing was changed: the owner is still signed in, with the same name, plan and account.
    const account = await app.request("/api/account", { cookie });
    expect(account.status).toBe(200);
    expect(await account.json()).toMatchObject({ user: { name: "Dana Owner" }, plan: { id: "premium" } });
  });

  it("refuses bodies an HTML form can send, and requests with no body, on every JSON endpoint", async () => {
    const app = await createTestApp();
    const { cookie } = await owner(app);
    for (const [method, path] of STATE_CHANGING) {
      const label = `${method} ${path}`;
      const form = await app.request(path, {
        method,
        cookie,
        body: "name=Mallory",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      await expectCode(form, "unsupported_media_type:api", `${label} form-encoded`);
      const multipart = await app.request(path, {
        method,
        cookie,
        body: "--x\r\nContent-Disposition: form-data; name=a\r\n\r\nb\r\n--x--\r\n",
        headers: { "content-type": "multipart/form-data; boundary=x" },
      });
      await expectCode(multipart, "unsupported_media_type:api", `${label} multipart`);
      const text = await app.request(path, { method, cookie, body: "{}", headers: { "content-type": "text/plain" } });
      await expectCode(text, "unsupported_media_type:api", `${label} text/plain`);
      await expectCode(await app.request(path, { method, cookie }), "unsupported_media_type:api", `${label} no body`);
      const empty = await app.request(path, {
        method,
        cookie,
        body: "",
        headers: { "content-type": "application/json" },
      });
      await expectCode(empty, "unsupported_media_type:api", `${label} empty JSON`);
      const broken = await app.request(path, {
        method,
        cookie,
        body: "{nope",
        headers: { "content-type": "application/json" },
      });
      await expectCode(broken, "bad_request:json", `${label} malformed JSON`);
    }
    expect((await app.request("/api/account", { cookie })).status).toBe(200);
  });

  it("lets the app's own pages through, by Origin or, without one, by Sec-Fetch-Site", async () => {
    const app = await createTestApp();
    const { cookie } = await owner(app);
    const renamed = await app.request("/api/account", { method: "PATCH", cookie, body: { name: "Dana Renamed" } });
    expect(renamed.status).toBe(200);
    const byFetchMetadata = await app.request("/api/chat/martha/clear", {
      cookie,
      body: {},
      origin: null,
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(byFetchMetadata.status).toBe(200);
    // Reached at the address the request was sent to (no APP_URL in front of it), the page's origin is that address.
    const direct = await app.request("http://192.168.1.5:3000/api/auth/logout", {
      cookie,
      body: {},
      origin: "http://192.168.1.5:3000",
    });
    expect(direct.status).toBe(200);
    expect((await app.request("/api/account", { cookie })).status).toBe(401);
  });
});
