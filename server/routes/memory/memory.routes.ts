import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { findKeyFact, type KeyFact } from "../../../shared/key-facts";
import {
  ASK_HIDDEN_DAYS,
  factChangeSchema,
  isoDay,
  type KeyFactAnswerInput,
  type KnowledgeOverview,
  keyFactAnswerSchema,
  keyFactStatement,
  memorySettingsSchema,
  newFactSchema,
  notNowSchema,
  type RememberedFact,
} from "../../../shared/memory";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import { messages } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { directorStatuses } from "../../directors/director-access";
import { AppError } from "../../http/app-error";
import { readJson } from "../../http/read-json";
import { conversationMemory, notesFacts } from "../../memory/answer-memory";
import { knowledgeOf, readKnowledgeSources } from "../../memory/director-knowledge";
import {
  deleteFact,
  hideAsk,
  insertFacts,
  readFacts,
  readMemorySettings,
  requireFact,
  saveKeepAutomatically,
  updateFact,
} from "../../memory/facts";
import { getPlanStatus } from "../../plans/plan-status";
import { idParam } from "../chat/id-param";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * /api/memory: what the directors know. The overview for Settings, facts
 * added, kept, dismissed, edited and deleted, "Keep automatically", the
 * owner's one-tap answer to a director's ask and "Not now", and what each
 * answer of a conversation learned. Everything is the signed-in owner's only.
 */
export function memoryRoutes(deps: AppDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .use(requireUser(deps.sessions))
    .get("/", async (c) => {
      const userId = c.get("user").id;
      const [sources, settings, facts, statuses] = await Promise.all([
        readKnowledgeSources(db, userId),
        readMemorySettings(db, userId),
        readFacts(db, userId, { statuses: ["proposed", "kept"] }),
        getPlanStatus(deps, userId).then((plan) => directorStatuses(deps, userId, plan)),
      ]);
      const now = deps.now();
      const body: KnowledgeOverview = {
        keepAutomatically: settings.keepAutomatically,
        noting: notesFacts(deps),
        profile: sources.profile,
        trainings: sources.trainings,
        facts: facts.filter((fact) => fact.status === "kept"),
        proposed: facts.filter((fact) => fact.status === "proposed" && fact.source !== null),
        directors: statuses
          .filter((status) => status.state === "trained" || status.state === "available")
          .map((status) => knowledgeOf(status.director.id, sources, now)),
      };
      return c.json(body);
    })
    .put("/settings", async (c) => {
      const { keepAutomatically } = await readJson(c, memorySettingsSchema, "validation:memory");
      await saveKeepAutomatically(db, c.get("user").id, keepAutomatically, deps.now());
      return c.json({ keepAutomatically });
    })
    .post("/facts", async (c) => {
      const input = await readJson(c, newFactSchema, "validation:memory");
      const userId = c.get("user").id;
      const now = deps.now();
      const directorId = input.directorId ?? null;
      const [id] = await insertFacts(
        db,
        userId,
        [
          {
            statement: input.statement,
            date: input.date ?? isoDay(now),
            directorId,
            onlyDirector: directorId !== null && (input.onlyDirector ?? false),
            keyFact: null,
            status: "kept",
            origin: "owner",
            sourceMessageId: null,
          },
        ],
        now,
      );
      return c.json<RememberedFact>(await requireFact(db, userId, id ?? ""), 201);
    })
    .patch("/facts/:id", async (c) => {
      const id = idParam(c.req.param("id"), "not_found:fact");
      const change = await readJson(c, factChangeSchema, "validation:memory");
      const userId = c.get("user").id;
      const fact = await requireFact(db, userId, id);
      // A fact meant for every director can only be narrowed to the director it came from.
      const onlyDirector = fact.directorId === null ? undefined : change.onlyDirector;
      return c.json<RememberedFact>(await updateFact(db, userId, id, { ...change, onlyDirector }, deps.now()));
    })
    .delete("/facts/:id", async (c) => {
      const id = idParam(c.req.param("id"), "not_found:fact");
      await deleteFact(db, c.get("user").id, id);
      return c.json({ ok: true });
    })
    .post("/key-facts", async (c) => {
      const input = await readJson(c, keyFactAnswerSchema, "validation:memory");
      const userId = c.get("user").id;
      const keyFact = requireKeyFact(input.keyFact);
      const sourceMessageId = await ownAnswer(deps, userId, input);
      const now = deps.now();
      const [id] = await insertFacts(
        db,
        userId,
        [
          {
            statement: keyFactStatement(keyFact.label, input.answer),
            date: isoDay(now),
            directorId: keyFact.directorId,
            onlyDirector: false,
            keyFact: keyFact.id,
            status: "kept",
            origin: "ask",
            sourceMessageId,
          },
        ],
        now,
      );
      const knowledge = knowledgeOf(keyFact.directorId, await readKnowledgeSources(db, userId), now);
      return c.json({ fact: await requireFact(db, userId, id ?? ""), knowledge }, 201);
    })
    .post("/key-facts/not-now", async (c) => {
      const input = await readJson(c, notNowSchema, "validation:memory");
      const keyFact = requireKeyFact(input.keyFact);
      const now = deps.now();
      const until = new Date(now.getTime() + ASK_HIDDEN_DAYS * DAY_MS);
      await hideAsk(db, c.get("user").id, keyFact.id, until, now);
      return c.json({ hiddenUntil: until.toISOString() });
    })
    .get("/conversations/:id", async (c) => {
      const id = idParam(c.req.param("id"), "not_found:conversation");
      return c.json(await conversationMemory(deps, c.get("user").id, id));
    });
}

function requireKeyFact(id: string): KeyFact {
  const keyFact = findKeyFact(id);
  if (!keyFact) throw new AppError("validation:memory", { fields: { keyFact: "There is no such key fact." } });
  return keyFact;
}

/** The answer the ask was shown under, if it is one of the owner's; otherwise the fact simply has no source. */
async function ownAnswer(deps: AppDeps, userId: string, input: KeyFactAnswerInput): Promise<string | null> {
  if (!input.messageId) return null;
  const [row] = await deps.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, input.messageId), eq(messages.userId, userId), eq(messages.sender, "ai")));
  return row?.id ?? null;
}
