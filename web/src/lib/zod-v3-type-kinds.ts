/**
 * Stands in for "zod/v3" in the browser build (see vite.config.ts). The AI
 * SDK's shared code imports only this enum from it, for turning a zod 3
 * schema into JSON Schema, which the browser never does; the real module
 * would bring all of zod 3's classes into the chat page. Each kind's value is
 * its own name, as in zod. A browser import of anything else from "zod/v3"
 * fails the build, since this module exports nothing else.
 */
export const ZodFirstPartyTypeKind: Record<string, string> = new Proxy({}, { get: (_target, kind) => String(kind) });
