import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "../../shared/errors";
import type { TwoFactorSetup } from "../../shared/settings";
import { directorTrainings } from "../db/schema";
import { streamParts } from "../test/chat-stream";
import { type FakeAiServer, startFakeAiServer } from "../test/fake-ai-server";
import { answersFor, givePlan } from "../test/fixtures";
import {
  brokenIdRequests,
  type FuzzContext,
  type MalformedRequest,
  malformedRequest,
  plausibleBody,
  type Route,
  seededRandom,
  signedInRequest,
  taintedBody,
  withParams,
} from "../test/malformed-requests";
import { cookieFrom, createTestApp, type TestApp } from "../test/test-app";
import { startTestSmtpServer, type TestSmtpServer } from "../test/test-smtp-server";
import { totpCode } from "../test/totp";

/**
 * Every route of the app, sent malformed requests (bad JSON, wrong types, NUL bytes, lone surrogates, `__proto__`
 * keys, huge strings, odd content types, junk cookies), signed in, signed out and half-way through a two-factor
 * sign-in: none may answer 500 or more, and nothing may be logged as an error. The routes are read from the app
 * itself, so a new route is fuzzed from the day it is added.
 *
 * FUZZ_REQUESTS sets how many requests (the default keeps the suite fast) and FUZZ_SEED which ones, so a failure
 * is replayed with the seed it printed.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 38);
const PASSWORD = "correct-horse-battery";

let fake: FakeAiServer;
let smtp: TestSmtpServer;
beforeEach(async () => {
  [fake, smtp] = await Promise.all([startFakeAiServer(), startTestSmtpServer()]);
});
afterEach(async () => {
  await Promise.all([fake.close(), smtp.close()]);
});

async function fuzzApp(logLines: string[] = []) {
  return createTestApp({
    env: {
      AI_BASE_URL: fake.url,
      AI_API_KEY: "fuzz-test-key",
      CHAT_MODEL: "test-chat",
      EMBEDDING_MODEL: "none",
      SMTP_URL: smtp.url,
      // Enough sign-ins to put the fuzzed identities back when a request signed them out.
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      LOG_LEVEL: "error",
    },
    logLines,
  });
}

/** Each method and path the app answers, from its own route table. */
function routesOf(app: TestApp): Route[] {
  const routes = new Map<string, Route>();
  for (const { method, path } of app.app.routes) {
    if (method !== "ALL") routes.set(`${method} ${path}`, { method, path });
  }
  return [...routes.values()];
}

/** A signed-in owner with two trained directors, a conversation, a shared link, a note and a fact. */
async function ownerWithData(app: TestApp) {
  const { cookie, user } = await app.signUp({ password: PASSWORD });
  await givePlan(app.deps, user.id, "premium");
  const trainedAt = app.deps.now();
  await app.db.insert(directorTrainings).values([
    { userId: user.id, directorId: "martha", answers: answersFor("martha"), trainedAt },
    { userId: user.id, directorId: "finn", answers: answersFor("finn"), trainedAt },
  ]);
  const turn = await app.request("/api/chat/martha/messages", { cookie, body: { text: "How do I keep subscribers?" } });
  const metadata = (await streamParts(turn)).find((part) => part.messageMetadata)?.messageMetadata ?? {};
  const conversationId = String(metadata.conversationId);
  const answerId = String(metadata.messageId);
  const share = (await (
    await app.request(`/api/conversations/${conversationId}/share`, { cookie, body: {} })
  ).json()) as { token: string };
  const note = (await (
    await app.request("/api/knowledge/notes", { cookie, body: { title: "Prices", text: "A latte costs $4.80." } })
  ).json()) as { source: { id: string } };
  const fact = (await (
    await app.request("/api/memory/facts", { cookie, body: { statement: "We have two cafés." } })
  ).json()) as { id: string };
  const security = (await (await app.request("/api/account/security", { cookie })).json()) as {
    sessions: Array<{ id: string }>;
  };
  const sessionIds = security.sessions.map((session) => session.id);
  const ids = [conversationId, answerId, share.token, note.source.id, fact.id, ...sessionIds];
  // One id of each shape the routes take: a uuid, a share token, a session id, a director.
  const idShapes = [conversationId, share.token, ...sessionIds.slice(0, 1), "martha"];
  return { email: user.email, cookie, ids, idShapes };
}

/** An owner with two-factor sign-in on: their signed-in cookie, and a login waiting for its code. */
async function twoFactorOwner(app: TestApp) {
  const { cookie, user } = await app.signUp({ password: PASSWORD });
  const setup = (await (
    await app.request("/api/account/security/two-factor", { cookie, body: { password: PASSWORD } })
  ).json()) as TwoFactorSetup;
  const confirmed = await app.request("/api/account/security/two-factor/confirm", {
    cookie,
    body: { code: totpCode(setup.secret) },
  });
  return { email: user.email, cookie: cookieFrom(confirmed), pending: await signIn(app, user.email) };
}

/** A login with the password: signed in, or, with two-factor sign-in on, waiting for the code. */
async function signIn(app: TestApp, email: string): Promise<string> {
  return cookieFrom(await app.request("/api/auth/login", { body: { email, password: PASSWORD } }));
}

/**
 * Who the fuzzed requests come from: mostly a signed-in owner with data, else an owner with two-factor sign-in on,
 * that owner's login waiting for its code, nobody, or (from the generator) junk cookies. A request may end an
 * identity (a sign-out, five wrong codes, a deleted account): it is put back, so the rest still reach past sign-in.
 */
async function fuzzedIdentities(app: TestApp) {
  let owner = await ownerWithData(app);
  let protectedOwner = await twoFactorOwner(app);
  return {
    context(): FuzzContext {
      return {
        origin: new URL(app.env.APP_URL).origin,
        // The signed-in owner first: the sweep of broken ids comes from them.
        cookies: [owner.cookie, owner.cookie, owner.cookie, protectedOwner.cookie, protectedOwner.pending, ""],
        ids: [...owner.ids, "martha", "board"],
        emails: [owner.email, protectedOwner.email, "nobody@example.com"],
        password: PASSWORD,
      };
    },
    idShapes: () => owner.idShapes,
    /** After a 401: puts back the identity the request came from if it has ended. */
    async restore(cookie: string | undefined, code: string | undefined) {
      if (cookie === owner.cookie && code === "unauthorized:session") {
        const again = await signIn(app, owner.email);
        owner = again ? { ...owner, cookie: again } : await ownerWithData(app);
      } else if (
        (cookie === protectedOwner.cookie && code === "unauthorized:session") ||
        (cookie === protectedOwner.pending && code === "unauthorized:two_factor_expired")
      ) {
        protectedOwner = await twoFactorOwner(app);
      }
    },
  };
}

type Identities = Awaited<ReturnType<typeof fuzzedIdentities>>;
type Answer = { status: number; code?: string; fields: string[] };

/** Sends requests to the app, keeps every answer of 500 or more, and puts back an identity a request ended. */
function requestSender(app: TestApp, identities: Identities) {
  const failures: string[] = [];
  return {
    failures,
    async send(request: MalformedRequest): Promise<Answer> {
      const response = await app.app.request(request.path, request);
      if (response.status < 400) {
        await response.body?.cancel();
        return { status: response.status, fields: [] };
      }
      const text = await response.text();
      if (response.status >= 500) {
        failures.push(`${request.method} ${request.path.slice(0, 120)} → ${response.status} ${text.slice(0, 200)}`);
      }
      // A HEAD response has no body to say why.
      const error = text ? (JSON.parse(text) as ApiErrorBody).error : undefined;
      if (response.status === 401) await identities.restore(request.headers.cookie, error?.code);
      return { status: response.status, code: error?.code, fields: Object.keys(error?.fields ?? {}) };
    },
  };
}

/**
 * Whether any field of a route's body takes `taint` (a NUL, a lone surrogate) past validation to code that chokes
 * on it. A plausible body carries the taint in every string field; the fields the schema refuses it in come back
 * named in the 400, are spared, and the body is sent again until it gets past validation. For a route with an id,
 * the ids are tried in turn until one is found.
 */
async function sweepTaint(
  sender: ReturnType<typeof requestSender>,
  identities: Identities,
  route: Route,
  taint: string,
) {
  if (["GET", "HEAD", "OPTIONS"].includes(route.method) || route.path.endsWith("/knowledge/files")) return;
  const body = plausibleBody(seededRandom(SEED), identities.context());
  const ids = route.path.includes(":") ? identities.context().ids : [""];
  const spared = new Set<string>();
  for (let idIndex = 0, round = 0; round < 20 && idIndex < ids.length; round++) {
    const path = withParams(route, encodeURIComponent(ids[idIndex] ?? ""));
    const request = signedInRequest(identities.context(), route, path, taintedBody(body, taint, spared));
    const answer = await sender.send(request);
    if (answer.status === 404) {
      idIndex++;
      continue;
    }
    const refused = answer.fields.map((field) => field.split(".")[0] ?? field).filter((field) => !spared.has(field));
    if (answer.status !== 400 || refused.length === 0) return;
    for (const field of refused) spared.add(field);
  }
}

/** The error lines the app logged, as "message: cause". */
function loggedErrors(lines: string[]): string[] {
  return lines
    .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message?: string } })
    .filter((entry) => entry.level >= 50)
    .map((entry) => `${entry.msg}: ${entry.err?.message ?? ""}`);
}

describe("malformed requests", () => {
  it("get a clear 4xx where probing found 500s", async () => {
    const app = await fuzzApp();
    const owner = await ownerWithData(app);
    const [conversationId, , token, , , sessionId] = owner.ids;
    expect(conversationId).toBeDefined();

    const revokeShare = await app.request(`/api/shares/${token}%00`, {
      method: "DELETE",
      cookie: owner.cookie,
      body: {},
    });
    expect(revokeShare.status).toBe(404);
    expect((await revokeShare.json()).error.code).toBe("not_found:share");
    const endSession = await app.request(`/api/account/security/sessions/${sessionId}%00`, {
      method: "DELETE",
      cookie: owner.cookie,
      body: {},
    });
    expect(endSession.status).toBe(404);
    expect((await endSession.json()).error.code).toBe("not_found:session");

    // A code sent with an ordinary session: no sign-in is waiting for one, whatever the body says.
    const protectedOwner = await twoFactorOwner(app);
    for (const cookie of [owner.cookie, protectedOwner.cookie]) {
      for (const body of [{ method: "totp", code: "123456" }, { method: "backup", code: "abcde-12345" }, {}]) {
        const response = await app.request("/api/auth/login/two-factor", { cookie, body });
        expect(response.status).toBe(400);
        expect((await response.json()).error.code).toBe("auth:no_sign_in_waiting");
      }
    }
  });

  it(`never get a response of 500 or more, on any route (${REQUESTS} requests, seed ${SEED})`, {
    timeout: Math.max(120_000, REQUESTS * 60),
  }, async () => {
    const logLines: string[] = [];
    const app = await fuzzApp(logLines);
    const identities = await fuzzedIdentities(app);
    const routes = routesOf(app);
    expect(routes).toContainEqual({ method: "DELETE", path: "/api/shares/:token" });
    expect(routes).toContainEqual({ method: "POST", path: "/api/knowledge/files" });
    const sender = requestSender(app, identities);

    for (const route of routes) {
      for (const request of brokenIdRequests(identities.context(), route, identities.idShapes())) {
        await sender.send(request);
      }
      for (const taint of ["\u0000", "\uD800"]) await sweepTaint(sender, identities, route, taint);
    }
    const random = seededRandom(SEED);
    for (let n = 0; n < REQUESTS; n++) {
      await sender.send(malformedRequest(random, identities.context(), routes[n % routes.length] as Route));
    }
    await app.jobsIdle();
    expect(sender.failures).toEqual([]);
    expect(loggedErrors(logLines)).toEqual([]);
  });
});
