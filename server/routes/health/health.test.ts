import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-app";

describe("GET /api/health", () => {
  it("reports the database, the AI provider and the version", async () => {
    const { request } = await createTestApp();
    const response = await request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "ok",
      version: "0.1.0",
      database: { reachable: true, driver: "pglite" },
      ai: { configured: false },
    });
  });

  it("says an AI provider is configured when a key is set, without showing the key", async () => {
    const { request } = await createTestApp({ env: { AI_API_KEY: "health-test-secret-value-123" } });
    const response = await request("/api/health");
    const text = await response.text();
    expect(JSON.parse(text).ai).toEqual({ configured: true });
    expect(text).not.toContain("health-test-secret-value-123");
  });

  it("sends security headers", async () => {
    const { request } = await createTestApp();
    const response = await request("/api/health");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Nothing in an answer may load from another host: images come from this origin only.
    expect(csp).toContain("img-src 'self' data: blob:;");
    expect(csp).toContain("media-src 'self' blob:;");
    expect(csp).toContain("frame-src 'none';");
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });
});

describe("errors leave the server as JSON", () => {
  it("answers an unknown API path with a JSON 404", async () => {
    const { request } = await createTestApp();
    const response = await request("/api/nothing-here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found:api", message: "Not found." } });
  });

  it("refuses malformed JSON with 400", async () => {
    const { request } = await createTestApp();
    const response = await request("/api/auth/login", { body: "{not json" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "bad_request:json" } });
  });

  it("refuses a wrong content type with 415", async () => {
    const { request } = await createTestApp();
    const response = await request("/api/auth/login", { body: "email=a", headers: { "content-type": "text/plain" } });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: { code: "unsupported_media_type:api" } });
  });

  it("refuses an oversized body with 413", async () => {
    const { request } = await createTestApp({ env: { BODY_LIMIT_BYTES: "1024" } });
    const response = await request("/api/auth/login", {
      body: JSON.stringify({ email: "a@example.com", password: "x".repeat(5000) }),
      headers: { "content-length": "5050" },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: "payload_too_large:api" } });
  });
});
