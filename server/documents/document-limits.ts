import type { VersionContent } from "../../shared/documents";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import { throttleHourly } from "../http/rate-limit";
import { getPlanStatus } from "../plans/plan-status";
import { countDocuments } from "./document-store";

/**
 * The plan's limits on documents (shared/plans.ts): how many the owner keeps, and how large one version may be.
 * Reading and exporting what is already kept stays possible on any plan.
 */

/** Before a plan is chosen (or after it lapsed), no new documents; what is kept can still be read. */
async function documentAllowance(deps: Pick<AppDeps, "db" | "now">, userId: string) {
  return (await getPlanStatus(deps, userId))?.plan.documents ?? { count: 0, bytes: 0 };
}

export async function requireRoomForDocument(deps: Pick<AppDeps, "db" | "now">, userId: string) {
  const [allowance, kept] = await Promise.all([documentAllowance(deps, userId), countDocuments(deps.db, userId)]);
  if (kept >= allowance.count) throw new AppError("documents:count_limit");
}

/** The size a version counts as: its stored JSON, in bytes. */
export function versionBytes(content: VersionContent): number {
  return Buffer.byteLength(JSON.stringify(content), "utf8");
}

export async function requireVersionFits(deps: Pick<AppDeps, "db" | "now">, userId: string, content: VersionContent) {
  const { bytes } = await documentAllowance(deps, userId);
  if (versionBytes(content) > bytes) throw new AppError("documents:too_large");
}

/** Drafts, retries and changes the model writes for one owner in an hour: each is a long request to the AI service. */
export const DOCUMENT_REQUESTS_PER_HOUR = 30;

export async function throttleDocumentRequests(deps: Pick<AppDeps, "db" | "now">, userId: string) {
  await throttleHourly(deps, {
    key: `documents:user:${userId}`,
    limit: DOCUMENT_REQUESTS_PER_HOUR,
    code: "rate_limit:documents",
  });
}
