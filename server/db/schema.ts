import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { AnswerSource } from "../../shared/answer-sources";
import { KNOWLEDGE_FAILURES, KNOWLEDGE_FORMATS, KNOWLEDGE_KINDS, KNOWLEDGE_STATUSES } from "../../shared/knowledge";
import type { OnboardingData } from "../../shared/onboarding";
import type { TrainingAnswers } from "../../shared/training";

const timestampTz = (name: string) => timestamp(name, { withTimezone: true });
const generatedId = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestampTz("created_at").notNull().defaultNow();
const updatedAt = () => timestampTz("updated_at").notNull().defaultNow();

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

// ---- Accounts (the tables better-auth expects) ----

export const users = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** Sign-in asks for a code from an authenticator app (better-auth's two-factor plugin). */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The owner a row belongs to: deleting the account deletes it. */
const ownerId = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** The row this one belongs to: deleting that row deletes this one. */
const parentId = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: "cascade" });

/** The key of a table with at most one row per owner. */
const ownerKey = () =>
  text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" });

export const sessions = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestampTz("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: ownerId(),
  },
  (table) => [index("session_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: ownerId(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestampTz("access_token_expires_at"),
    refreshTokenExpiresAt: timestampTz("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("account_user_id_idx").on(table.userId)],
);

export const verifications = pgTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestampTz("expires_at").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** An owner's authenticator secret and backup codes, both encrypted with the session secret. */
export const twoFactors = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: ownerId(),
    /** False between "Turn on" and the first correct code. */
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestampTz("locked_until"),
  },
  (table) => [index("two_factor_user_id_idx").on(table.userId)],
);

// ---- Plans and the business profile ----

export const subscriptions = pgTable("subscriptions", {
  userId: ownerKey(),
  planId: text("plan_id").notNull(),
  chosenAt: timestampTz("chosen_at").notNull(),
  /** Set once, when the free trial is first started; it stays so the trial cannot be started twice. */
  trialStartedAt: timestampTz("trial_started_at"),
  trialEndsAt: timestampTz("trial_ends_at"),
  /**
   * The trial's one preview board meeting, once held (server/board/board-preview.ts). It stays when the meeting is
   * deleted, so the preview is held once per account.
   */
  boardPreviewMeetingId: uuid("board_preview_meeting_id"),
  /** With billing on (server/billing/), the Stripe subscription that pays for the plan, as last read from Stripe. */
  stripeSubscriptionId: text("stripe_subscription_id"),
  /** Stripe's status: active, past_due (a payment failed, retries go on), canceled, unpaid, incomplete… */
  paymentStatus: text("payment_status"),
  currentPeriodEnd: timestampTz("current_period_end"),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  /** A move from Premium to Standard waiting for the end of the paid period, and the director that then stays active. */
  scheduledPlanId: text("scheduled_plan_id"),
  keptDirectorId: text("kept_director_id"),
});

/** One Stripe customer per owner, made the first time they go to checkout. */
export const billingCustomers = pgTable("billing_customers", {
  userId: ownerKey(),
  stripeCustomerId: text("stripe_customer_id").notNull().unique(),
  createdAt: createdAt(),
});

/** Stripe events already applied: stored in the transaction that applies one, so each is applied once. */
export const billingEvents = pgTable("billing_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  appliedAt: timestampTz("applied_at").notNull().defaultNow(),
});

export const businessProfiles = pgTable("business_profiles", {
  userId: ownerKey(),
  answers: jsonb("answers").$type<OnboardingData>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---- Directors: training answers and the context index ----

export const directorTrainings = pgTable(
  "director_trainings",
  {
    userId: ownerId(),
    directorId: text("director_id").notNull(),
    answers: jsonb("answers").$type<TrainingAnswers>().notNull(),
    /** When the answers were last stored. */
    trainedAt: timestampTz("trained_at").notNull(),
    /** When the context built from these answers was last indexed; null while indexing is still owed. */
    indexedAt: timestampTz("indexed_at"),
    /** Why the last indexing job gave up (an error code); null while it is still owed or once it is done. */
    indexFailure: text("index_failure"),
  },
  (table) => [primaryKey({ columns: [table.userId, table.directorId] })],
);

/**
 * The spec's stored context record: one row per user and department. Its
 * embedding, like the pieces', lives in a side table that exists only where the
 * server has pgvector (server/db/vector-store.ts).
 */
export const userContexts = pgTable(
  "user_contexts",
  {
    id: generatedId(),
    userId: ownerId(),
    department: text("department").notNull(),
    contextText: text("context_text").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("user_contexts_user_department_idx").on(table.userId, table.department)],
);

/** The same material in pieces for retrieval: one per answered question and per profile field. */
export const contextPieces = pgTable(
  "context_pieces",
  {
    id: generatedId(),
    userId: ownerId(),
    /** A director id, or "profile" for the business profile's pieces. */
    department: text("department").notNull(),
    sourceField: text("source_field").notNull(),
    content: text("content").notNull(),
    /** The path of headings a knowledge piece sits under ("Handbook › 7. Sickness › 7.3 Sick pay"); null otherwise. */
    heading: text("heading"),
    /** The words of the piece, and those of its headings weighted higher (A): a match there says what it is about. */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(heading, '')), 'A') || to_tsvector('english', content)`,
    ),
    createdAt: createdAt(),
    /** The knowledge source a piece was read from (department "knowledge"); null for profile and training pieces. */
    sourceId: uuid("source_id").references(() => knowledgeSources.id, { onDelete: "cascade" }),
    /** Where in the source the piece sits: "page 3", "section “Prices”", "rows 1–40". */
    location: text("location"),
  },
  (table) => [
    // Every retrieval query filters by user first, so its cost follows one user's data.
    index("context_pieces_user_department_idx").on(table.userId, table.department),
    index("context_pieces_source_idx").on(table.sourceId),
    // Full-text retrieval finds the pieces holding a question's rarer words through it (retrieval.ts, textRanking).
    index("context_pieces_search_idx").using("gin", table.searchVector),
  ],
);

/**
 * For each owner and word (a lexeme of the pieces' search vectors), how many of the owner's pieces hold it: full-text
 * retrieval's word statistics, so it can take a question's words from rarest to most common and stop before the
 * common ones. Kept by triggers on context_pieces in the writing transaction (migration 0013).
 */
export const contextPieceTerms = pgTable(
  "context_piece_terms",
  {
    userId: ownerId(),
    lexeme: text("lexeme").notNull(),
    pieces: integer("pieces").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.lexeme] })],
);

/** Each owner's piece count and total content length (BM25's piece count and mean length); kept like the terms. */
export const contextPieceOwnerStats = pgTable("context_piece_owner_stats", {
  userId: ownerKey(),
  pieces: integer("pieces").notNull(),
  contentLength: bigint("content_length", { mode: "number" }).notNull(),
});

// ---- Knowledge (Level 2 training): the owner's documents, web pages and notes ----

export const knowledgeSources = pgTable(
  "knowledge_sources",
  {
    id: generatedId(),
    userId: ownerId(),
    kind: text("kind", { enum: KNOWLEDGE_KINDS }).notNull(),
    format: text("format", { enum: KNOWLEDGE_FORMATS }).notNull(),
    name: text("name").notNull(),
    /** The address asked for (web pages) and where it led after redirects. */
    url: text("url"),
    finalUrl: text("final_url"),
    sizeBytes: integer("size_bytes").notNull(),
    pageCount: integer("page_count"),
    rowCount: integer("row_count"),
    /** The directors that may use it; null means all of them. */
    directorIds: text("director_ids").array(),
    status: text("status", { enum: KNOWLEDGE_STATUSES }).notNull(),
    piecesDone: integer("pieces_done").notNull().default(0),
    piecesTotal: integer("pieces_total").notNull().default(0),
    failure: text("failure", { enum: KNOWLEDGE_FAILURES }),
    /** Only the first part of an absurdly long text is kept. */
    truncated: boolean("truncated").notNull().default(false),
    extractedText: text("extracted_text"),
    /** Set by the job run that owns the source now; an older run that finds another token stops writing. */
    runToken: uuid("run_token"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    readyAt: timestampTz("ready_at"),
  },
  (table) => [index("knowledge_sources_user_idx").on(table.userId, table.createdAt)],
);

/** The file as the owner gave it (or the page as it was fetched), for download; apart so listing never reads it. */
export const knowledgeOriginals = pgTable("knowledge_originals", {
  sourceId: uuid("source_id")
    .primaryKey()
    .references(() => knowledgeSources.id, { onDelete: "cascade" }),
  userId: ownerId(),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
});

// ---- Conversations ----

/** "chat" with one director; "board": a board meeting, one question to several directors and a memo. */
export const CONVERSATION_KINDS = ["chat", "board"] as const;
export const TITLE_SOURCES = ["question", "model", "owner"] as const;

export const conversations = pgTable(
  "conversations",
  {
    id: generatedId(),
    userId: ownerId(),
    /** The director of a one-to-one chat; "board" for a board meeting. */
    directorId: text("director_id").notNull(),
    /** "chat" with one director; other kinds (a board meeting) are kept in the same history. */
    kind: text("kind", { enum: CONVERSATION_KINDS }).notNull().default("chat"),
    /** A board meeting's directors, in the order of their columns; null for a chat. */
    directors: jsonb("directors").$type<string[]>(),
    /** The first words of the first question, then the model's title, or the owner's own. */
    title: text("title"),
    titleSource: text("title_source", { enum: TITLE_SOURCES }),
    createdAt: createdAt(),
    /** The last message's time: the history lists conversations newest first by it. */
    updatedAt: updatedAt(),
    /**
     * Set when the owner started a new conversation with this director after this one ("Clear
     * conversation"): opening the chat no longer resumes it, but it stays in the history.
     */
    clearedAt: timestampTz("cleared_at"),
    /** Deleted by the owner: hidden at once, removed for good once the Undo window has passed. */
    deletedAt: timestampTz("deleted_at"),
  },
  (table) => [
    index("conversations_user_director_idx").on(table.userId, table.directorId),
    index("conversations_user_updated_idx").on(table.userId, table.updatedAt),
  ],
);

export const MESSAGE_STATUSES = ["complete", "streaming", "stopped", "failed", "interrupted"] as const;
export const RATINGS = ["up", "down"] as const;

export const messages = pgTable(
  "messages",
  {
    id: generatedId(),
    conversationId: parentId("conversation_id", () => conversations.id),
    userId: ownerId(),
    sender: text("sender", { enum: ["user", "ai"] }).notNull(),
    /**
     * Who wrote an answer, where a conversation has more than one author: in a board meeting each director's
     * answer has its director's id and the memo has "board". Null in a chat with one director.
     */
    directorId: text("director_id"),
    content: text("content").notNull(),
    status: text("status", { enum: MESSAGE_STATUSES }).notNull().default("complete"),
    errorCode: text("error_code"),
    /** An answer: the question (version) it answers. Regenerated answers share it. */
    replyTo: uuid("reply_to"),
    /** An edited question: the question it is a version of. */
    firstVersion: uuid("first_version"),
    /** Which version of a question or answer the conversation shows (and sends as history). */
    shown: boolean("shown").notNull().default(true),
    /** Room for what later features attach to an answer (its sources, proposed facts). */
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    rating: text("rating", { enum: RATINGS }),
    ratingReason: text("rating_reason"),
    ratedAt: timestampTz("rated_at"),
    createdAt: createdAt(),
    /** Last written; a streaming answer's heartbeat, so a reader can tell a live answer from an interrupted one. */
    updatedAt: updatedAt(),
    /** Full-text search over finished messages (an answer being written is indexed once it ends). */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`case when status <> 'streaming' then to_tsvector('english', content) end`,
    ),
  },
  (table) => [
    index("messages_conversation_idx").on(table.conversationId, table.createdAt),
    index("messages_user_idx").on(table.userId, table.createdAt),
    index("messages_search_idx").using("gin", table.searchVector),
  ],
);

/** Read-only links to one conversation; revoking deletes the row. */
export const conversationShares = pgTable(
  "conversation_shares",
  {
    token: text("token").primaryKey(),
    conversationId: parentId("conversation_id", () => conversations.id),
    userId: ownerId(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("conversation_shares_conversation_idx").on(table.conversationId),
    index("conversation_shares_user_idx").on(table.userId),
  ],
);

// ---- Memory: what the owner told the directors ----

export const FACT_STATUSES = ["proposed", "kept", "dismissed"] as const;
export const FACT_ORIGINS = ["chat", "ask", "owner"] as const;

/**
 * Facts about the business: noted from a conversation (proposed until the owner keeps or dismisses them), the
 * owner's answer when a director asked for a key fact, or added by hand. Only kept facts reach a director.
 */
export const rememberedFacts = pgTable(
  "remembered_facts",
  {
    id: generatedId(),
    userId: ownerId(),
    statement: text("statement").notNull(),
    /** The day the fact is about, or the day it was told. */
    factDate: date("fact_date", { mode: "string" }).notNull(),
    /** The director it came from or was added for; null for every director. */
    directorId: text("director_id"),
    /** Only that director uses it. */
    onlyDirector: boolean("only_director").notNull().default(false),
    /** The key fact it answers (shared/key-facts.ts). */
    keyFact: text("key_fact"),
    status: text("status", { enum: FACT_STATUSES }).notNull(),
    origin: text("origin", { enum: FACT_ORIGINS }).notNull(),
    /** The answer it was noted under (or asked for under); the fact outlives a deleted conversation. */
    sourceMessageId: uuid("source_message_id").references(() => messages.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("remembered_facts_user_status_idx").on(table.userId, table.status),
    index("remembered_facts_source_idx").on(table.sourceMessageId),
  ],
);

/** The owner's memory choices: keep noted facts without asking, and the key facts they said "Not now" to. */
export const memorySettings = pgTable("memory_settings", {
  userId: ownerKey(),
  keepAutomatically: boolean("keep_automatically").notNull().default(false),
  /** Key fact id → the time until which the chat does not ask for it. */
  asksHiddenUntil: jsonb("asks_hidden_until").$type<Record<string, string>>().notNull().default({}),
  updatedAt: updatedAt(),
});

// ---- Infrastructure ----

/** Fixed-window counters for throttling; shared by every server process. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestampTz("window_start").notNull(),
  count: integer("count").notNull(),
});

/** Server-generated settings that must be the same for every process, such as the session signing secret. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

// ---- Documents: what the directors draft for the owner ----

export const DOCUMENT_CONTENT_KINDS = ["rich", "sheet"] as const;
export const DOCUMENT_STATUSES = ["drafting", "complete", "incomplete"] as const;
export const DOCUMENT_AUTHORS = ["owner", "director"] as const;

/**
 * A document or spreadsheet a director drafted (shared/documents.ts): its versions hold the content, the row says
 * which is current and whether the drafting finished. `updated_at` is the drafting's heartbeat, so a drafting whose
 * writer died is told apart from one still being written.
 */
export const documents = pgTable(
  "documents",
  {
    id: generatedId(),
    userId: ownerId(),
    /** The director who drafts it, or "board" for a board document. */
    directorId: text("director_id").notNull(),
    /** A kind of the catalogue (shared/documents.ts), or "custom" for one the owner described. */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    contentKind: text("content_kind", { enum: DOCUMENT_CONTENT_KINDS }).notNull(),
    /** The version shown and edited; 0 until the first draft is stored. */
    currentVersion: integer("current_version").notNull().default(0),
    status: text("status", { enum: DOCUMENT_STATUSES }).notNull(),
    errorCode: text("error_code"),
    /** What the director was asked (the owner's description, the answer it starts from), for a Retry. */
    request: jsonb("request").$type<Record<string, unknown>>().notNull().default({}),
    /** A read-only link's token while the owner shares it; revoking clears it. */
    shareToken: text("share_token"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("documents_user_updated_idx").on(table.userId, table.updatedAt),
    uniqueIndex("documents_share_token_idx").on(table.shareToken),
  ],
);

/** Every version of a document, numbered from 1; the content is the whole document as it was then. */
export const documentVersions = pgTable(
  "document_versions",
  {
    id: generatedId(),
    documentId: parentId("document_id", () => documents.id),
    userId: ownerId(),
    number: integer("number").notNull(),
    content: jsonb("content").$type<Record<string, unknown>>().notNull(),
    author: text("author", { enum: DOCUMENT_AUTHORS }).notNull(),
    /** What made it: "Drafted", "Edited", "Changed: shorter", "Restored version 2". */
    note: text("note").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("document_versions_number_idx").on(table.documentId, table.number)],
);

// ---- The owner's numbers: metrics, their values per period, and each director's weekly brief ----

export const METRIC_UNIT_VALUES = ["money", "count", "percent", "hours"] as const;
export const CADENCE_VALUES = ["weekly", "monthly"] as const;
export const BRIEF_STATUSES = ["pending", "ready", "failed"] as const;

/** The owner's time zone (periods start at local midnight there), currency, and whether check-ins are emailed. */
export const numbersSettings = pgTable("numbers_settings", {
  userId: ownerKey(),
  timeZone: text("time_zone").notNull().default("UTC"),
  currency: text("currency").notNull().default("USD"),
  reminders: boolean("reminders").notNull().default(true),
  /** The last period a check-in reminder was sent for: one email per period however many are missed. */
  remindedFor: date("reminded_for", { mode: "string" }),
  updatedAt: updatedAt(),
});

export const metrics = pgTable(
  "metrics",
  {
    id: generatedId(),
    userId: ownerId(),
    name: text("name").notNull(),
    unit: text("unit", { enum: METRIC_UNIT_VALUES }).notNull(),
    cadence: text("cadence", { enum: CADENCE_VALUES }).notNull().default("weekly"),
    directorId: text("director_id").notNull(),
    goodDirection: text("good_direction", { enum: ["up", "down"] })
      .notNull()
      .default("up"),
    target: doublePrecision("target"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("metrics_user_idx").on(table.userId)],
);

/** One value per metric per period; the period is named by its first day in the owner's time zone. */
export const metricValues = pgTable(
  "metric_values",
  {
    id: generatedId(),
    metricId: parentId("metric_id", () => metrics.id),
    userId: ownerId(),
    period: date("period", { mode: "string" }).notNull(),
    value: doublePrecision("value").notNull(),
    note: text("note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("metric_values_metric_period_idx").on(table.metricId, table.period),
    index("metric_values_user_idx").on(table.userId),
  ],
);

/**
 * A trained director's brief on one week: what moved, one risk, one action, each citing the blocks it stood on. The
 * unique key makes it once per director per period, however many processes or retries try to write it.
 */
export const directorBriefs = pgTable(
  "director_briefs",
  {
    id: generatedId(),
    userId: ownerId(),
    directorId: text("director_id").notNull(),
    /** The week (its Monday) or the month (its first day) it looks back on. */
    period: date("period", { mode: "string" }).notNull(),
    /** A weekly brief, or a monthly one on the owner's monthly metrics. */
    cadence: text("cadence", { enum: CADENCE_VALUES }).notNull().default("weekly"),
    status: text("status", { enum: BRIEF_STATUSES }).notNull().default("pending"),
    content: jsonb("content").$type<{ moved: string; risk: string; action: string }>(),
    sources: jsonb("sources").$type<AnswerSource[]>(),
    createdAt: createdAt(),
    writtenAt: timestampTz("written_at"),
  },
  (table) => [
    // A month that starts on a Monday names a week too: the cadence keeps the two briefs apart.
    uniqueIndex("director_briefs_owner_director_cadence_period_idx").on(
      table.userId,
      table.directorId,
      table.cadence,
      table.period,
    ),
  ],
);

// ---- Scheduled requests: a question asked again of a director every week or month ----

/** A question the owner asked to be repeated ("Repeat weekly"): asked of that director once per period. */
export const scheduledRequests = pgTable(
  "scheduled_requests",
  {
    id: generatedId(),
    userId: ownerId(),
    directorId: text("director_id").notNull(),
    question: text("question").notNull(),
    cadence: text("cadence", { enum: CADENCE_VALUES }).notNull().default("weekly"),
    paused: boolean("paused").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("scheduled_requests_user_idx").on(table.userId)],
);

/**
 * One run of a scheduled request in one period: its unique key makes it once per request per period, however many
 * processes sweep. Its answer is a new conversation, new until the owner opens it.
 */
export const scheduledRuns = pgTable(
  "scheduled_runs",
  {
    id: generatedId(),
    requestId: parentId("request_id", () => scheduledRequests.id),
    userId: ownerId(),
    period: date("period", { mode: "string" }).notNull(),
    conversationId: uuid("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    status: text("status", { enum: BRIEF_STATUSES }).notNull().default("pending"),
    seenAt: timestampTz("seen_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("scheduled_runs_request_period_idx").on(table.requestId, table.period),
    index("scheduled_runs_user_idx").on(table.userId),
  ],
);
