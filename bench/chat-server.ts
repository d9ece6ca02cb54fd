// The server under test for bench/chat.ts, in its own process so its memory can be measured alone. It starts the
// real app as production runs it: on the embedded PostgreSQL in a fresh data folder by default, or with DATABASE_URL
// on a fresh database of that PostgreSQL server (bench/bench-database.ts). It creates BENCH_USERS owners ready to chat
// (plan, business profile, the BENCH_DIRECTORS trained — Martha by default — context pieces with vectors where the
// database has pgvector, BENCH_FACTS remembered facts each, none by default), and prints one JSON line:
// { url, cookies, database }; with BENCH_LOG_LEVEL the app's log lines go to standard output too, before and after
// it. bench/board.ts uses it with four directors.
import { randomUUID } from "node:crypto";
import {
  businessProfiles,
  contextPieces,
  directorTrainings,
  rememberedFacts,
  subscriptions,
} from "../server/db/schema";
import { savePieceEmbeddings } from "../server/db/vector-store";
import { parseEnv } from "../server/env";
import { createLogger } from "../server/logger";
import { startServer } from "../server/start";
import { fakeEmbedding } from "../server/test/fake-ai-server";
import type { DirectorId } from "../shared/directors";
import { emptyOnboardingData, ONBOARDING_FIELDS } from "../shared/onboarding";
import { TRAINING_QUESTIONS } from "../shared/training";
import { createBenchDatabase } from "./bench-database";

const users = Number(process.env.BENCH_USERS ?? 200);
const directors = (process.env.BENCH_DIRECTORS ?? "martha").split(",") as DirectorId[];
const factsPerOwner = Number(process.env.BENCH_FACTS ?? 0);
const database = await createBenchDatabase("chat");
const env = parseEnv({
  NODE_ENV: "production",
  ...database.env,
  // bench/chat.ts asks for "debug": each turn's "chat first token" line says where its time went, measured here.
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent",
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
const { vectors } = server.deps.database;

const profile = {
  ...emptyOnboardingData(),
  ...Object.fromEntries(ONBOARDING_FIELDS.map((field) => [field.name, field.placeholder.replace(/^e\.g\. /, "")])),
};
const answersOf = (directorId: DirectorId) =>
  Object.fromEntries(
    TRAINING_QUESTIONS[directorId].map((question) => [
      question.name,
      question.hint.replace(/, e\.g\./, ", for example"),
    ]),
  );
const pieces = [
  ...ONBOARDING_FIELDS.map((field) => ({
    department: "profile",
    sourceField: field.name,
    content: `${field.label} ${profile[field.name]}`,
  })),
  ...directors.flatMap((directorId) =>
    TRAINING_QUESTIONS[directorId].map((question) => ({
      department: directorId,
      sourceField: question.name,
      content: `${question.question} ${answersOf(directorId)[question.name]}`,
    })),
  ),
];
const embeddings = pieces.map((piece) => fakeEmbedding(piece.content));

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
  await db
    .insert(directorTrainings)
    .values(
      directors.map((directorId) => ({ userId: user.id, directorId, answers: answersOf(directorId), trainedAt: now })),
    );
  const ids = pieces.map(() => randomUUID());
  await db.insert(contextPieces).values(pieces.map((piece, index) => ({ ...piece, id: ids[index], userId: user.id })));
  await savePieceEmbeddings(
    db,
    vectors,
    embeddings.map((embedding, index) => ({
      pieceId: ids[index] as string,
      userId: user.id,
      model: env.EMBEDDING_MODEL,
      embedding,
    })),
  );
  if (factsPerOwner > 0) {
    await db.insert(rememberedFacts).values(
      Array.from({ length: factsPerOwner }, (_, fact) => ({
        userId: user.id,
        statement: `In month ${fact + 1} we sold ${120 + fact * 7} subscriptions and hired ${fact % 3} people.`,
        factDate: new Date(Date.UTC(2025, fact % 12, 1 + (fact % 28))).toISOString().slice(0, 10),
        directorId: fact % 2 === 0 ? "martha" : "finn",
        status: "kept" as const,
        origin: "chat" as const,
      })),
    );
  }
}

const label = `${database.label}${vectors.available ? "" : ", no pgvector (full-text retrieval)"}`;
process.stdout.write(`${JSON.stringify({ url: server.url, cookies, database: label })}\n`);
process.on("SIGTERM", () => {
  void server
    .close()
    .then(() => database.remove())
    .then(() => process.exit(0));
});
