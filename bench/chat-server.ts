// The server under test for bench/chat.ts, in its own process so its memory can be measured alone. It starts the
// real app as production runs it: on the embedded PostgreSQL in a fresh data folder by default, or with DATABASE_URL
// on a fresh database of that PostgreSQL server (bench/bench-database.ts). It creates BENCH_USERS owners ready to chat
// (plan, business profile, the BENCH_DIRECTORS trained — Martha by default — context pieces with vectors where the
// database has pgvector, BENCH_FACTS remembered facts each, none by default, and with BENCH_PIECES a knowledge note
// of that many pieces each, added through the app's API and read by its ingestion job, so that retrieval has
// something to search), and prints one JSON line:
// { url, cookies, database }; with BENCH_LOG_LEVEL the app's log lines go to standard output too, before and after
// it. bench/board.ts uses it with four directors.
//
// With BENCH_SEED_DATABASE (JSON: { env, label }, the database's DATA_DIR or DATABASE_URL) it only seeds: the owners
// are made in that database, the server closes, the JSON line is printed and the process exits, so that another
// process (the built server, bench/seeded-server.ts) serves them without the seeding's memory.
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
import { tuneServedProcess } from "../server/served-process";
import { startServer } from "../server/start";
import { fakeEmbedding } from "../server/test/fake-ai-server";
import type { DirectorId } from "../shared/directors";
import { isFinished, type KnowledgeListResponse } from "../shared/knowledge";
import { emptyOnboardingData, ONBOARDING_FIELDS } from "../shared/onboarding";
import { TRAINING_QUESTIONS } from "../shared/training";
import { createBenchDatabase } from "./bench-database";

tuneServedProcess();
const users = process.env.BENCH_JOIN_DATABASE_URL ? 0 : Number(process.env.BENCH_USERS ?? 200);
const directors = (process.env.BENCH_DIRECTORS ?? "martha").split(",") as DirectorId[];
const factsPerOwner = Number(process.env.BENCH_FACTS ?? 0);
const knowledgePieces = Number(process.env.BENCH_PIECES ?? 0);
// BENCH_JOIN_DATABASE_URL: another server process on that database (bench/capacity.ts runs two): no owners are made.
const joined = process.env.BENCH_JOIN_DATABASE_URL;
const seedOnly = process.env.BENCH_SEED_DATABASE
  ? (JSON.parse(process.env.BENCH_SEED_DATABASE) as { env: Record<string, string>; label: string })
  : undefined;
const database = seedOnly
  ? { ...seedOnly, remove: async () => {} }
  : joined
    ? { env: { DATABASE_URL: joined }, label: "PostgreSQL (second process)", remove: async () => {} }
    : await createBenchDatabase("chat");
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
  // bench/ai-requests.ts shortens the pause before learning from a conversation, to match its owner's think time.
  LEARNING_PAUSE_SECONDS: process.env.BENCH_LEARNING_PAUSE_SECONDS,
  // The embedded database in the server's thread when the bench is run with EMBEDDED_DATABASE_THREAD=false.
  EMBEDDED_DATABASE_THREAD: process.env.EMBEDDED_DATABASE_THREAD,
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

if (knowledgePieces > 0) await addKnowledgeNotes(cookies);

const label = `${database.label}${vectors.available ? "" : ", no pgvector (full-text retrieval)"}`;
// Seeding only: the database is closed before the line is printed, so the server that serves it may open it.
if (seedOnly) await server.close();
process.stdout.write(
  `${JSON.stringify({ url: server.url, cookies, database: label, databaseUrl: database.env.DATABASE_URL })}\n`,
);
if (seedOnly) process.exit(0);
process.on("SIGTERM", () => {
  void server
    .close()
    .then(() => database.remove())
    .then(() => process.exit(0));
});

/**
 * Gives every owner a knowledge note of `knowledgePieces` pieces (one paragraph of about 700 characters each: two do
 * not fit in one piece), for every director, through POST /api/knowledge/notes; returns once every note is ready.
 */
async function addKnowledgeNotes(ownerCookies: string[]) {
  const topics = ["wholesale", "subscriptions", "email", "Instagram", "pricing", "hiring", "suppliers", "events"];
  const months = ["January", "March", "May", "July", "September", "November"];
  const paragraph = (owner: number, index: number) => {
    const topic = topics[(owner + index) % topics.length];
    const month = months[index % months.length];
    const sentences = [
      `Note ${index + 1} on ${topic}: in ${month} the ${topic} work brought ${40 + ((index * 37) % 160)} new customers`,
      `at $${12 + ((index * 13) % 70)} each, and the team spent ${3 + (index % 9)} hours a week on it.`,
      `We tried a ${topic} channel test with ${2 + (index % 5)} offers; the best one converted ${1 + (index % 7)}.${index % 10}%.`,
      `Feedback from regulars said delivery took ${2 + (index % 4)} days and packaging could be greener.`,
      `Next month we plan to focus on ${topics[(index + 3) % topics.length]} and keep the budget under $${500 + index * 10}.`,
      `Margins on the ${topic} line stayed near ${30 + (index % 25)}% after the supplier raised prices in ${month}.`,
      `The owner wants a simple weekly report on ${topic} with the number of orders, refunds and repeat buyers.`,
      `Stock of the ${topic} range lasts about ${5 + (index % 6)} weeks, so reorders go out every ${2 + (index % 3)} weeks.`,
    ];
    return sentences.join(" ");
  };
  const text = (owner: number) =>
    Array.from({ length: knowledgePieces }, (_, index) => paragraph(owner, index)).join("\n\n");
  for (const [owner, cookie] of ownerCookies.entries()) {
    const response = await fetch(`${server.url}/api/knowledge/notes`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, cookie },
      body: JSON.stringify({ title: `Trading notes ${owner}`, text: text(owner), directorIds: null }),
    });
    if (response.status !== 201) throw new Error(`adding a note failed: ${response.status} ${await response.text()}`);
  }
  for (const cookie of ownerCookies) {
    for (;;) {
      const response = await fetch(`${server.url}/api/knowledge`, { headers: { cookie } });
      const { sources } = (await response.json()) as KnowledgeListResponse;
      const failed = sources.find((source) => source.status === "failed");
      if (failed) throw new Error(`a bench note could not be read: ${failed.failure?.code}`);
      if (sources.every((source) => isFinished(source.status))) {
        const pieces = sources.reduce((sum, source) => sum + source.piecesTotal, 0);
        if (pieces !== knowledgePieces) throw new Error(`a bench note was read as ${pieces} pieces`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
