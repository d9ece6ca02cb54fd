import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AnswerSource } from "../../../shared/answer-sources";
import type { Metric } from "../../../shared/numbers";
import { emptyOnboardingData } from "../../../shared/onboarding";
import { businessProfiles, directorTrainings, subscriptions } from "../../db/schema";
import { boardReader } from "../../test/board-reader";
import { boardAuthorOf, boardRoute, requestText } from "../../test/board-scripts";
import { streamParts } from "../../test/chat-stream";
import { type FakeAiServer, startFakeAiServer } from "../../test/fake-ai-server";
import { answersFor } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";

let fake: FakeAiServer;
beforeEach(async () => {
  fake = await startFakeAiServer();
});
afterEach(async () => {
  await fake.close();
});

/** Wednesday 25 November 2026. */
const NOW = new Date("2026-11-25T10:00:00Z");

/** An owner with a plan and a two-answer profile (blocks [1] and [2]), in London, counting in pounds. */
async function owner(app: TestApp) {
  const { cookie, user } = await app.signUp();
  await app.db.insert(subscriptions).values({ userId: user.id, planId: "premium", chosenAt: NOW });
  await app.db.insert(businessProfiles).values({
    userId: user.id,
    answers: {
      ...emptyOnboardingData(),
      businessName: "Larkspur Bakehouse",
      metrics: "Weekly revenue and new customers.",
    },
  });
  const settings = await app.request("/api/numbers/settings", {
    method: "PUT",
    cookie,
    body: { timeZone: "Europe/London", currency: "GBP" },
  });
  expect(settings.status).toBe(200);
  return { cookie, userId: user.id };
}

async function metricWithValues(app: TestApp, cookie: string, metric: Record<string, unknown>, values: number[]) {
  const created = (await (await app.request("/api/numbers/metrics", { cookie, body: metric })).json()) as Metric;
  const weeks = ["2026-10-19", "2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16"].slice(-values.length);
  const entries = values.map((value, index) => ({
    metricId: created.id,
    period: weeks[index],
    value,
    confirmed: true,
  }));
  expect((await app.request("/api/numbers/check-ins", { cookie, body: { entries } })).status).toBe(201);
  return created;
}

describe("the owner's numbers in a director's context", () => {
  it("sends each metric with its trend as a numbered block the answer cites, this director's first", async () => {
    const app = await createTestApp({
      now: () => NOW,
      env: { AI_BASE_URL: fake.url, AI_API_KEY: "numbers-test", CHAT_MODEL: "test-chat", EMBEDDING_MODEL: "none" },
    });
    const { cookie } = await owner(app);
    const revenue = await metricWithValues(
      app,
      cookie,
      { name: "Weekly revenue", unit: "money", directorId: "finn", target: 15000 },
      [14000, 14500, 13800, 14100, 12400],
    );
    await metricWithValues(app, cookie, { name: "New customers", unit: "count", directorId: "martha" }, [31, 38]);

    fake.queueChat({ reply: "Revenue is down 12 % on your average [3], so hold the new campaign." });
    const response = await app.request("/api/chat/finn/messages", { cookie, body: { text: "How are we doing?" } });
    expect(response.status).toBe(200);
    const parts = await streamParts(response);

    const messages = fake.streamedChatRequests()[0]?.body.messages as Array<{ role: string; content: string }>;
    const turn = messages.at(-1)?.content ?? "";
    expect(turn).toContain("[1] Business name: Larkspur Bakehouse");
    expect(turn).toContain(
      "[3] Weekly revenue: £12,400 for the week of 16 Nov 2026, down 12 % on the 4-week average, down 12 % on the week before; target £15,000.",
    );
    expect(turn).toContain("[4] New customers: 38 for the week of 16 Nov 2026, up 23 % on the week before.");
    expect(turn).toContain("Today is 2026-11-25.");

    const finish = parts.find((part) => part.type === "finish")?.messageMetadata as { sources?: AnswerSource[] };
    expect(finish.sources?.find((source) => source.n === 3)).toMatchObject({
      kind: "number",
      name: "Your numbers",
      where: "Weekly revenue, Week of 16 Nov 2026",
      metricId: revenue.id,
      cited: true,
    });
    expect(finish.sources?.find((source) => source.n === 4)).toMatchObject({ kind: "number", cited: false });
  });

  it("gives every director of a board meeting the same numbered figures", async () => {
    const app = await createTestApp({
      now: () => NOW,
      env: { AI_BASE_URL: fake.url, AI_API_KEY: "numbers-test", CHAT_MODEL: "test-chat", EMBEDDING_MODEL: "none" },
    });
    const { cookie, userId } = await owner(app);
    await app.db.insert(directorTrainings).values(
      (["martha", "finn"] as const).map((directorId) => ({
        userId,
        directorId,
        answers: answersFor(directorId),
        trainedAt: NOW,
      })),
    );
    await metricWithValues(
      app,
      cookie,
      { name: "Weekly revenue", unit: "money", directorId: "finn", target: 15000 },
      [14000, 14500, 13800, 14100, 12400],
    );
    fake.route = boardRoute();

    const response = await app.request("/api/board/meetings", {
      cookie,
      body: { text: "Should we hold the spring campaign?", directors: ["martha", "finn"] },
    });
    expect(response.status).toBe(200);
    await boardReader(response).all();

    for (const director of ["martha", "finn"] as const) {
      const request = fake.streamedChatRequests().find((recorded) => boardAuthorOf(recorded) === director);
      if (!request) throw new Error(`No request for ${director}.`);
      expect(requestText(request)).toMatch(
        /\[\d+\] Weekly revenue: £12,400 for the week of 16 Nov 2026, down 12 % on the 4-week average/,
      );
    }
  });
});
