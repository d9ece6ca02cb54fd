import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ERRORS } from "../../../shared/errors";
import { ONBOARDING_FIELDS } from "../../../shared/onboarding";
import { WEBSITE_FAILURE_MESSAGES, type WebsiteDraft, websiteDraftRequestSchema } from "../../../shared/website-draft";
import { WEBSITE_DRAFTS_PER_HOUR } from "../../profile/website-draft";
import { type FakeAiServer, startFakeAiServer } from "../../test/fake-ai-server";
import { createTestApp } from "../../test/test-app";

/** The owner's website, on this machine: a home page, and the ways a site fails to be read. */
let site: http.Server;
let siteUrl: string;
const visited: string[] = [];
beforeAll(async () => {
  site = http.createServer((req, res) => {
    visited.push(req.url ?? "");
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { "content-type": type });
      res.end(body);
    };
    switch (req.url) {
      case "/":
        return send(
          200,
          "text/html; charset=utf-8",
          `<!doctype html><html><head><title>Harbour Lane Bakery</title>
            <meta name="description" content="A neighbourhood sourdough bakery and café on Harbour Lane since 2012."></head>
            <body><nav><a href="/">Home</a> <a href="/order">Order online navigation</a></nav>
            <main><article><h1>Harbour Lane Bakery</h1>
              <p>We bake naturally leavened sourdough every morning from organic flour milled twenty miles away.</p>
              <p>Pick up a loaf at the counter, order a celebration cake, or join our Saturday bread-making class.</p>
              <h2>Wholesale</h2><p>Six local cafés serve our bread and pastries every day.</p>
            </article></main><footer>Cookie settings footer</footer></body></html>`,
        );
      case "/empty":
        return send(
          200,
          "text/html",
          "<!doctype html><html><head><title>Loading</title></head><body><div id=root></div></body></html>",
        );
      case "/logo.png":
        return send(200, "image/png", "not really a png");
      case "/broken":
        return send(500, "text/html", "<h1>Server error</h1>");
      default:
        return send(404, "text/html", "<h1>Not found</h1>");
    }
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

let fake: FakeAiServer;
beforeAll(async () => {
  fake = await startFakeAiServer();
});
afterAll(() => fake.close());
beforeEach(() => {
  visited.length = 0;
  fake.requests.length = 0;
});

const aiEnv = () => ({ AI_BASE_URL: fake.url, AI_API_KEY: "test-key", CHAT_MODEL: "test-chat" });
const draft = (request: Awaited<ReturnType<typeof createTestApp>>["request"], cookie: string, url: string) =>
  request("/api/onboarding/website-draft", { cookie, body: { url } });

describe("start from your website", () => {
  it("drafts the ten answers from the owner's page, fitted to each step's rules, and stores nothing", async () => {
    const { request, signUp } = await createTestApp({ env: { ...aiEnv(), URL_IMPORT_ALLOW_PRIVATE: "true" } });
    const { cookie } = await signUp();
    const longAnswer = `We want to grow. ${"Open a second shop and double wholesale. ".repeat(150)}`;
    fake.queueObject({
      reply: JSON.stringify({
        businessName: "Harbour Lane Bakery",
        industry: "Bakery and café",
        description: "A neighbourhood sourdough bakery and café on Harbour Lane, baking every morning since 2012.",
        target: "Neighbours who want real bread, and six local cafés that buy wholesale.",
        products: "Sourdough loaves, pastries, celebration cakes and a Saturday bread-making class.",
        goals: longAnswer,
        challenges: "Unknown",
        competitors: "",
        uniqueValue: "Organic\u0000flour.",
        metrics: "N/A",
      }),
    });

    const response = await draft(request, cookie, `${siteUrl}/`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as WebsiteDraft;
    expect(body.url).toBe(`${siteUrl}/`);
    expect(body.title).toBe("Harbour Lane Bakery");
    expect(body.answers.businessName).toBe("Harbour Lane Bakery");
    expect(body.answers.products).toBe(
      "Sourdough loaves, pastries, celebration cakes and a Saturday bread-making class.",
    );
    // Too long for the step: cut at a sentence within its 5,000 characters.
    expect(body.answers.goals.length).toBeLessThanOrEqual(5000);
    expect(body.answers.goals).toMatch(/^We want to grow\. Open a second shop.*wholesale\.$/s);
    // "The page does not say", however the model puts it, is left for the owner.
    expect(body.answers.challenges).toBe("");
    expect(body.answers.competitors).toBe("");
    expect(body.answers.metrics).toBe("");
    // An invisible character the owner could not save is gone; the draft is still short of the step's 10 characters.
    expect(body.answers.uniqueValue).toBe("Organic flour.");
    expect(body.status).toEqual({
      businessName: "drafted",
      industry: "drafted",
      description: "drafted",
      target: "drafted",
      products: "drafted",
      goals: "drafted",
      challenges: "missing",
      competitors: "missing",
      uniqueValue: "drafted",
      metrics: "missing",
    });

    // One structured request, its schema the ten onboarding fields, its prompt the page's readable text.
    const [asked, ...more] = fake.objectRequests();
    expect(more).toEqual([]);
    const format = asked?.body.response_format as { type: string; json_schema: { schema: Record<string, unknown> } };
    expect(format.type).toBe("json_schema");
    expect(Object.keys(format.json_schema.schema.properties as object)).toEqual(ONBOARDING_FIELDS.map((f) => f.name));
    const prompt = JSON.stringify(asked?.body.messages);
    expect(prompt).toContain("naturally leavened sourdough");
    expect(prompt).toContain("on Harbour Lane since 2012");
    expect(prompt).not.toContain("Cookie settings footer");

    // Nothing is stored until the owner completes onboarding.
    expect(await (await request("/api/onboarding", { cookie })).json()).toEqual({ profile: null });

    // A draft still too short for its step stays, for the owner to complete.
    fake.queueObject({
      reply: JSON.stringify({
        ...Object.fromEntries(ONBOARDING_FIELDS.map((field) => [field.name, "We bake sourdough bread daily."])),
        description: "Bakery.",
      }),
    });
    const short = (await (await draft(request, cookie, siteUrl)).json()) as WebsiteDraft;
    expect(short.answers.description).toBe("Bakery.");
    expect(short.status.description).toBe("needs_more");
    // An address without its scheme is read as https://.
    expect(websiteDraftRequestSchema.parse({ url: " harbourlane.example " }).url).toBe("https://harbourlane.example");
    expect(websiteDraftRequestSchema.parse({ url: "harbourlane.example:8080/about" }).url).toBe(
      "https://harbourlane.example:8080/about",
    );
  });

  it("refuses a private address unless the server allows it, and says plainly why a site cannot be read", async () => {
    const guarded = await createTestApp({ env: aiEnv() });
    const owner = await guarded.signUp();
    const refused = await draft(guarded.request, owner.cookie, `${siteUrl}/`);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      error: { code: "website:unreadable", message: WEBSITE_FAILURE_MESSAGES.private_address },
    });
    expect(visited).toEqual([]);

    const { request, signUp } = await createTestApp({ env: { ...aiEnv(), URL_IMPORT_ALLOW_PRIVATE: "true" } });
    const { cookie } = await signUp();
    const cases = [
      [`${siteUrl}/no-such-page`, WEBSITE_FAILURE_MESSAGES.page_missing],
      [`${siteUrl}/broken`, WEBSITE_FAILURE_MESSAGES.http_error],
      [`${siteUrl}/logo.png`, WEBSITE_FAILURE_MESSAGES.not_a_page],
      [`${siteUrl}/empty`, WEBSITE_FAILURE_MESSAGES.no_text],
      ["http://harbour-lane.invalid/", WEBSITE_FAILURE_MESSAGES.not_found],
    ] as const;
    for (const [url, message] of cases) {
      const response = await draft(request, cookie, url);
      expect({ url, status: response.status, body: await response.json() }).toEqual({
        url,
        status: 422,
        body: { error: { code: "website:unreadable", message } },
      });
    }
    const notWeb = await draft(request, cookie, "ftp://harbourlane.example/");
    expect(notWeb.status).toBe(400);
    expect(((await notWeb.json()) as { error: { fields: Record<string, string> } }).error.fields.url).toBe(
      "Enter a web address, like www.example.com",
    );
    // No page, no model call.
    expect(fake.chatRequests()).toEqual([]);
  });

  it("says so without an AI service, fails a draft the model cannot make, and limits drafts per owner", async () => {
    const offline = await createTestApp({ env: { URL_IMPORT_ALLOW_PRIVATE: "true" } });
    const owner = await offline.signUp();
    const noAi = await draft(offline.request, owner.cookie, `${siteUrl}/`);
    expect(noAi.status).toBe(503);
    expect(await noAi.json()).toEqual({
      error: { code: "website:no_ai_service", message: ERRORS["website:no_ai_service"].message },
    });
    expect(visited).toEqual([]);

    const { request, signUp } = await createTestApp({ env: { ...aiEnv(), URL_IMPORT_ALLOW_PRIVATE: "true" } });
    expect((await request("/api/onboarding/website-draft", { body: { url: siteUrl } })).status).toBe(401);
    const { cookie } = await signUp();
    // Not the asked-for object, twice (the second try): a plain failure the owner can move on from.
    fake.queueObject({ reply: "Here are your answers!" }, { reply: '{"businessName": 3}' });
    const failed = await draft(request, cookie, `${siteUrl}/`);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({
      error: { code: "website:draft_failed", message: ERRORS["website:draft_failed"].message },
    });
    expect(fake.objectRequests()).toHaveLength(2);

    for (let attempt = 2; attempt <= WEBSITE_DRAFTS_PER_HOUR; attempt++) {
      expect((await draft(request, cookie, `${siteUrl}/no-such-page`)).status).toBe(422);
    }
    const limited = await draft(request, cookie, `${siteUrl}/`);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: { code: "rate_limit:website" } });
    // Another owner has their own allowance.
    const other = await signUp();
    expect((await draft(request, other.cookie, `${siteUrl}/no-such-page`)).status).toBe(422);
  });
});
