import fs from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./app-env";
import { WEBHOOK_PATH } from "./billing/receive-webhook";
import type { AppDeps } from "./deps";
import { AppError } from "./http/app-error";
import { apiBodyLimit } from "./http/body-limits";
import { contentSecurityPolicy } from "./http/content-security-policy";
import { handleError } from "./http/error-handler";
import { jsonBodies, type OtherBody } from "./http/json-bodies";
import { sameOrigin } from "./http/same-origin";
import { accountRoutes } from "./routes/account/account.routes";
import { authRoutes } from "./routes/auth/auth.routes";
import { billingRoutes } from "./routes/billing/billing.routes";
import { boardRoutes } from "./routes/board/board.routes";
import { chatRoutes } from "./routes/chat/chat.routes";
import { conversationRoutes } from "./routes/chat/conversations.routes";
import { messageRoutes } from "./routes/chat/messages.routes";
import { sharedRoutes, shareRoutes } from "./routes/chat/shares.routes";
import { configRoutes } from "./routes/config/config.routes";
import { directorRoutes } from "./routes/directors/directors.routes";
import { documentRoutes, sharedDocumentRoutes } from "./routes/documents/documents.routes";
import { healthRoutes } from "./routes/health/health.routes";
import { knowledgeRoutes } from "./routes/knowledge/knowledge.routes";
import { memoryRoutes } from "./routes/memory/memory.routes";
import { numberRoutes } from "./routes/numbers/numbers.routes";
import { onboardingRoutes } from "./routes/onboarding/onboarding.routes";
import { planRoutes } from "./routes/plans/plans.routes";
import { scheduleRoutes } from "./routes/schedules/schedules.routes";
import { aiStatusRoutes } from "./routes/settings/ai-status.routes";
import { directorDataRoutes } from "./routes/settings/director-data.routes";
import { trainingRoutes } from "./routes/training/training.routes";
import { voiceRoutes } from "./routes/voice/voice.routes";

/**
 * State-changing endpoints whose body is not JSON, each with the one type it takes (a file upload:
 * multipart/form-data). Every other POST, PUT, PATCH and DELETE under /api takes a JSON body.
 */
const NON_JSON_BODIES: OtherBody[] = [
  // Knowledge files: one file per request, with its own size limit (KNOWLEDGE_MAX_FILE_MB) on the route.
  { method: "POST", path: "/api/knowledge/files", type: "multipart/form-data" },
  // A spoken question: one recording, with its own size limit (VOICE_MAX_BYTES) on the route.
  { method: "POST", path: "/api/voice/transcriptions", type: "multipart/form-data" },
];

/** The whole HTTP surface: the JSON/streaming API under /api and the built browser app. */
export function createApp(deps: AppDeps, options: { staticDir?: string } = {}) {
  const app = new Hono<AppEnv>();

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    c.set("receivedAt", started);
    const log = deps.log.child({ requestId: c.get("requestId") });
    c.set("log", log);
    await next();
    log.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      "request",
    );
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: contentSecurityPolicy(deps.env),
      referrerPolicy: "strict-origin-when-cross-origin",
      xContentTypeOptions: "nosniff",
      xFrameOptions: "DENY",
      strictTransportSecurity: deps.env.APP_URL.startsWith("https:") ? "max-age=15552000; includeSubDomains" : false,
      // A response that sets its own policy keeps it (an uploaded file's original is served inside a sandbox).
      overwrite: false,
    }),
  );
  app.use("/api/*", apiBodyLimit(deps.env.BODY_LIMIT_BYTES, NON_JSON_BODIES));

  // Stripe's webhook comes from Stripe, not from a page of the app: its signature stands in for the origin.
  app.use("/api/*", sameOrigin(deps.env.APP_URL, { except: [WEBHOOK_PATH] }));
  app.use("/api/*", jsonBodies(NON_JSON_BODIES));

  app.route("/api/health", healthRoutes(deps));
  app.route("/api/config", configRoutes(deps));
  app.route("/api/auth", authRoutes(deps));
  app.route("/api/chat", chatRoutes(deps));
  app.route("/api/conversations", conversationRoutes(deps));
  app.route("/api/messages", messageRoutes(deps));
  app.route("/api/board", boardRoutes(deps));
  app.route("/api/shares", shareRoutes(deps));
  app.route("/api/shared", sharedRoutes(deps));
  app.route("/api/directors", directorRoutes(deps));
  app.route("/api/training", trainingRoutes(deps));
  app.route("/api/account", accountRoutes(deps));
  app.route("/api/settings/ai", aiStatusRoutes(deps));
  app.route("/api/settings/directors", directorDataRoutes(deps));
  app.route("/api/plans", planRoutes(deps));
  app.route("/api/onboarding", onboardingRoutes(deps));
  app.route("/api/knowledge", knowledgeRoutes(deps));
  app.route("/api/memory", memoryRoutes(deps));
  app.route("/api/voice", voiceRoutes(deps));
  app.route("/api/billing", billingRoutes(deps));
  app.route("/api/documents", documentRoutes(deps));
  app.route("/api/shared-documents", sharedDocumentRoutes(deps));
  app.route("/api/numbers", numberRoutes(deps));
  app.route("/api/schedules", scheduleRoutes(deps));

  app.all("/api/*", () => {
    throw new AppError("not_found:api");
  });

  if (options.staticDir) mountBrowserApp(app, options.staticDir);

  app.onError(handleError);
  app.notFound((c) => c.json(new AppError("not_found:api").toBody(), 404));
  return app;
}

/** Serves the built files, and index.html for every other GET so client routes work. */
function mountBrowserApp(app: Hono<AppEnv>, staticDir: string) {
  const root = path.relative(process.cwd(), staticDir) || ".";
  const indexHtml = fs.readFileSync(path.join(staticDir, "index.html"), "utf8");
  // Scripts and styles travel gzip-compressed (the landing page's budget is counted in gzip bytes);
  // API responses are left alone so streamed answers are never buffered by a compressor.
  app.use("/assets/*", compress());
  const filesCachedAs = (cacheControl: string) =>
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header("Cache-Control", cacheControl);
      },
    });
  app.use("/assets/*", filesCachedAs("public, max-age=31536000, immutable"));
  // The files outside /assets keep their names from one version to the next (the service worker, the app's
  // manifest and icons, theme-init.js): the browser asks each time whether they changed, so an update is picked up.
  app.use("*", filesCachedAs("no-cache"));
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    // A shared conversation is for whoever has the link, never for search engines.
    if (c.req.path.startsWith("/shared/")) c.header("X-Robots-Tag", "noindex, nofollow");
    return c.html(indexHtml);
  });
}
