// The server under test for bench/chat.ts, in its own process so its memory can be measured alone. It starts the
// real app as production runs it by default (embedded PostgreSQL in a fresh data folder), creates BENCH_USERS owners
// ready to chat (plan, business profile, Martha trained, context pieces with vectors), and prints one JSON line:
// { url, cookies }.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { businessProfiles, contextPieces, directorTrainings, subscriptions } from "../server/db/schema";
import { parseEnv } from "../server/env";
import { createLogger } from "../server/logger";
import { startServer } from "../server/start";
import { fakeEmbedding } from "../server/test/fake-ai-server";
import { emptyOnboardingData, ONBOARDING_FIELDS } from "../shared/onboarding";
import { TRAINING_QUESTIONS } from "../shared/training";

const users = Number(process.env.BENCH_USERS ?? 200);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directors-bench-chat-"));
const env = parseEnv({
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  PORT: "0",
  HOST: "127.0.0.1",
  AI_BASE_URL: process.env.BENCH_AI_BASE_URL,
  AI_API_KEY: "sk-bench",
  CHAT_MODEL: "bench-chat",
  AUTH_RATE_LIMIT_PER_MINUTE: "100000",
  CHAT_RATE_LIMIT_PER_MINUTE: "100000",
});
const server = await startServer({ env, log: createLogger(env.LOG_LEVEL) });
const { db } = server.deps;

const profile = {
  ...emptyOnboardingData(),
  ...Object.fromEntries(ONBOARDING_FIELDS.map((field) => [field.name, field.placeholder.replace(/^e\.g\. /, "")])),
};
const answers = Object.fromEntries(
  TRAINING_QUESTIONS.martha.map((question) => [question.name, question.hint.replace(/, e\.g\./, ", for example")]),
);
const pieces = [
  ...ONBOARDING_FIELDS.map((field) => ({
    department: "profile",
    sourceField: field.name,
    content: `${field.label} ${profile[field.name]}`,
  })),
  ...TRAINING_QUESTIONS.martha.map((question) => ({
    department: "martha",
    sourceField: question.name,
    content: `${question.question} ${answers[question.name]}`,
  })),
].map((piece) => ({ ...piece, embedding: fakeEmbedding(piece.content), embeddingModel: env.EMBEDDING_MODEL }));

const cookies: string[] = [];
for (let index = 0; index < users; index++) {
  const response = await fetch(`${server.url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({
      name: `Bench Owner ${index}`,
      email: `bench${index}@example.com`,
      password: "correct-horse-battery",
      confirmPassword: "correct-horse-battery",
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  cookies.push(
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; "),
  );
  const now = new Date();
  await db.insert(subscriptions).values({ userId: user.id, planId: "premium", chosenAt: now });
  await db.insert(businessProfiles).values({ userId: user.id, answers: profile });
  await db.insert(directorTrainings).values({ userId: user.id, directorId: "martha", answers, trainedAt: now });
  await db.insert(contextPieces).values(pieces.map((piece) => ({ ...piece, userId: user.id })));
}

process.stdout.write(`${JSON.stringify({ url: server.url, cookies })}\n`);
process.on("SIGTERM", () => {
  void server.close().then(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
