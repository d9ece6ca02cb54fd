import { asc, eq } from "drizzle-orm";
import {
  accounts,
  businessProfiles,
  contextPieces,
  conversationShares,
  conversations,
  directorTrainings,
  knowledgeSources,
  memorySettings,
  messages,
  rememberedFacts,
  sessions,
  subscriptions,
  userContexts,
  users,
} from "../db/schema";
import type { AppDeps } from "../deps";
import { documentsForExport } from "../documents/documents-for-export";
import { AppError } from "../http/app-error";
import { FACT_COLUMNS } from "../memory/facts";
import { exportNumbers } from "../numbers/numbers-export";
import { getPlanStatus } from "../plans/plan-status";

export const EXPORT_FORMAT = "directors-export/1";

/**
 * Everything stored about one user, for "Export my data". Columns are listed
 * one by one so a password hash, a session token, a provider token or a
 * two-factor secret or backup code can never slip in; embeddings are left out
 * because they are derived from the texts.
 */
export async function exportAccount(deps: Pick<AppDeps, "db" | "now">, userId: string) {
  const { db } = deps;
  const [account] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      image: users.image,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw new AppError("unauthorized:session");

  const [signInMethods, activeSessions, [subscription], planStatus, [profile], trainings, contexts, pieces] =
    await Promise.all([
      db
        .select({ provider: accounts.providerId, createdAt: accounts.createdAt, updatedAt: accounts.updatedAt })
        .from(accounts)
        .where(eq(accounts.userId, userId)),
      db
        .select({
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.createdAt)),
      db
        .select({
          planId: subscriptions.planId,
          chosenAt: subscriptions.chosenAt,
          trialStartedAt: subscriptions.trialStartedAt,
          trialEndsAt: subscriptions.trialEndsAt,
          // With billing on: the Stripe subscription that pays for the plan, as last read from Stripe.
          stripeSubscriptionId: subscriptions.stripeSubscriptionId,
          paymentStatus: subscriptions.paymentStatus,
          currentPeriodEnd: subscriptions.currentPeriodEnd,
          cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
          scheduledPlanId: subscriptions.scheduledPlanId,
          keptDirectorId: subscriptions.keptDirectorId,
        })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId)),
      getPlanStatus(deps, userId),
      db
        .select({
          answers: businessProfiles.answers,
          createdAt: businessProfiles.createdAt,
          updatedAt: businessProfiles.updatedAt,
        })
        .from(businessProfiles)
        .where(eq(businessProfiles.userId, userId)),
      db
        .select({
          directorId: directorTrainings.directorId,
          answers: directorTrainings.answers,
          trainedAt: directorTrainings.trainedAt,
          indexedAt: directorTrainings.indexedAt,
        })
        .from(directorTrainings)
        .where(eq(directorTrainings.userId, userId))
        .orderBy(asc(directorTrainings.trainedAt)),
      db
        .select({
          department: userContexts.department,
          contextText: userContexts.contextText,
          createdAt: userContexts.createdAt,
        })
        .from(userContexts)
        .where(eq(userContexts.userId, userId))
        .orderBy(asc(userContexts.department)),
      db
        .select({
          department: contextPieces.department,
          sourceField: contextPieces.sourceField,
          content: contextPieces.content,
          createdAt: contextPieces.createdAt,
        })
        .from(contextPieces)
        .where(eq(contextPieces.userId, userId))
        .orderBy(asc(contextPieces.department), asc(contextPieces.sourceField)),
    ]);

  const [threads, allMessages, shares, sources, facts, [memory]] = await Promise.all([
    db
      .select({
        id: conversations.id,
        directorId: conversations.directorId,
        kind: conversations.kind,
        directors: conversations.directors,
        title: conversations.title,
        titleSource: conversations.titleSource,
        createdAt: conversations.createdAt,
        updatedAt: conversations.updatedAt,
        clearedAt: conversations.clearedAt,
        deletedAt: conversations.deletedAt,
      })
      .from(conversations)
      .where(eq(conversations.userId, userId))
      .orderBy(asc(conversations.createdAt)),
    db
      .select({
        id: messages.id,
        conversationId: messages.conversationId,
        sender: messages.sender,
        directorId: messages.directorId,
        content: messages.content,
        status: messages.status,
        createdAt: messages.createdAt,
        // Versions: which question an answer replies to, which question an edit replaced, which version is shown.
        replyTo: messages.replyTo,
        firstVersion: messages.firstVersion,
        shown: messages.shown,
        rating: messages.rating,
        ratingReason: messages.ratingReason,
        ratedAt: messages.ratedAt,
        metadata: messages.metadata,
      })
      .from(messages)
      .where(eq(messages.userId, userId))
      .orderBy(asc(messages.createdAt)),
    db
      .select({
        conversationId: conversationShares.conversationId,
        token: conversationShares.token,
        createdAt: conversationShares.createdAt,
      })
      .from(conversationShares)
      .where(eq(conversationShares.userId, userId))
      .orderBy(asc(conversationShares.createdAt)),
    // Level 2 knowledge: every source's details and the text read from it (the originals download one by one).
    db
      .select({
        id: knowledgeSources.id,
        kind: knowledgeSources.kind,
        format: knowledgeSources.format,
        name: knowledgeSources.name,
        url: knowledgeSources.url,
        finalUrl: knowledgeSources.finalUrl,
        sizeBytes: knowledgeSources.sizeBytes,
        pageCount: knowledgeSources.pageCount,
        rowCount: knowledgeSources.rowCount,
        directorIds: knowledgeSources.directorIds,
        status: knowledgeSources.status,
        truncated: knowledgeSources.truncated,
        createdAt: knowledgeSources.createdAt,
        readyAt: knowledgeSources.readyAt,
        extractedText: knowledgeSources.extractedText,
      })
      .from(knowledgeSources)
      .where(eq(knowledgeSources.userId, userId))
      .orderBy(asc(knowledgeSources.createdAt)),
    db
      .select({
        ...FACT_COLUMNS,
        sourceMessageId: rememberedFacts.sourceMessageId,
        createdAt: rememberedFacts.createdAt,
        updatedAt: rememberedFacts.updatedAt,
      })
      .from(rememberedFacts)
      .where(eq(rememberedFacts.userId, userId))
      .orderBy(asc(rememberedFacts.createdAt)),
    db
      .select({
        keepAutomatically: memorySettings.keepAutomatically,
        asksHiddenUntil: memorySettings.asksHiddenUntil,
        updatedAt: memorySettings.updatedAt,
      })
      .from(memorySettings)
      .where(eq(memorySettings.userId, userId)),
  ]);

  const byConversation = new Map<string, Array<Omit<(typeof allMessages)[number], "conversationId">>>();
  for (const { conversationId, ...message } of allMessages) {
    const list = byConversation.get(conversationId) ?? [];
    list.push(message);
    byConversation.set(conversationId, list);
  }

  return {
    format: EXPORT_FORMAT,
    exportedAt: deps.now().toISOString(),
    account: { ...account, signInMethods, sessions: activeSessions },
    plan: subscription
      ? {
          ...subscription,
          name: planStatus?.plan.name ?? subscription.planId,
          trialEnded: planStatus?.trialEnded ?? false,
        }
      : null,
    businessProfile: profile ?? null,
    directorTrainings: trainings,
    directorContexts: contexts,
    contextPieces: pieces,
    conversations: threads.map((thread) => ({ ...thread, messages: byConversation.get(thread.id) ?? [] })),
    sharedLinks: shares,
    knowledgeSources: sources,
    rememberedFacts: facts,
    memorySettings: memory ?? null,
    documents: await documentsForExport(db, userId),
    numbers: await exportNumbers(db, userId),
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccount>>;
