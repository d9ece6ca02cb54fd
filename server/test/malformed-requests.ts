import { DIRECTOR_IDS } from "../../shared/directors";
import { KEY_FACTS } from "../../shared/key-facts";
import { PLAN_IDS } from "../../shared/plans";
import { answersFor, PROFILE } from "./fixtures";
import {
  CONTENT_TYPES,
  HOSTILE_SEGMENTS,
  HOSTILE_STRINGS,
  ID_SUFFIXES,
  JUNK_COOKIES,
  KEYS,
  MALFORMED_JSON,
  ORIGINS,
  PLAUSIBLE_STRINGS,
} from "./hostile-values";

/**
 * Malformed requests for the fuzz test (server/http/fuzz.test.ts): for a route of the app, a request with hostile
 * path parameters, query strings, bodies, content types, origins and cookies, drawn from a seeded random source so
 * a failure can be replayed from its seed.
 */

export type Route = { method: string; path: string };

export type MalformedRequest = { method: string; path: string; headers: Record<string, string>; body?: string };

export type FuzzContext = {
  /** The app's own origin, sent as `Origin` on most requests that change something (else all would be 403). */
  origin: string;
  /** Cookie headers of real identities: signed in, signed out (""), waiting for a two-factor code. */
  cookies: readonly string[];
  /** Real ids (conversations, sources, facts, shares, sessions…) to put in paths and bodies next to hostile ones. */
  ids: readonly string[];
  /** The identities' email addresses and password, so that some requests get past the checks that need them. */
  emails: readonly string[];
  password: string;
};

/** A small, fast generator (mulberry32): the same seed gives the same requests. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    chance: (probability: number) => next() < probability,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

type Random = ReturnType<typeof seededRandom>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A well-formed id that belongs to nothing, from the seeded source. */
function randomUuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.int(16).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
}

const METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];
const BODYLESS = new Set(["GET", "HEAD"]);

function hugeString(random: Random): string {
  const sizes = [4_001, 70_000, 300_000];
  const unit = random.pick(["x", "é", "\u{1F600}", "a ", "\u0000"]);
  return unit.repeat(Math.ceil(random.pick(sizes) / unit.length));
}

function hostileString(random: Random, context: FuzzContext): string {
  const roll = random.int(10);
  if (roll < 3) return random.pick(PLAUSIBLE_STRINGS);
  if (roll < 4 && context.ids.length > 0) return random.pick(context.ids);
  if (roll < 5) return hugeString(random);
  return random.pick(HOSTILE_STRINGS);
}

function jsonValue(random: Random, context: FuzzContext, depth = 0): unknown {
  const roll = random.int(depth > 2 ? 6 : 9);
  if (roll < 3) return hostileString(random, context);
  if (roll === 3) return random.pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 4001]);
  if (roll === 4) return random.pick([true, false]);
  if (roll === 5) return null;
  if (roll === 6) return Array.from({ length: random.int(4) }, () => jsonValue(random, context, depth + 1));
  if (roll === 7) return random.chance(0.2) ? Array.from({ length: 10_000 }, (_, n) => n) : ["martha", "martha"];
  return jsonObject(random, context, depth + 1);
}

function jsonObject(random: Random, context: FuzzContext, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const count = random.int(6);
  for (let index = 0; index < count; index++) {
    // defineProperty, so "__proto__" becomes an own key that JSON.stringify writes out.
    Object.defineProperty(object, random.pick(KEYS), {
      value: jsonValue(random, context, depth),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  }
  return object;
}

/**
 * One object that every JSON endpoint of the app would accept (the schemas drop the keys they do not read), so the
 * requests made from it reach the code behind the validation.
 */
export function plausibleBody(random: Random, context: FuzzContext): Record<string, unknown> {
  const totp = random.chance(0.5);
  const director = random.pick(DIRECTOR_IDS);
  const uuids = context.ids.filter((id) => UUID.test(id));
  return {
    ...PROFILE,
    // Every director's training answers: the keys differ from one director to the next.
    ...Object.assign({}, ...DIRECTOR_IDS.map((id) => answersFor(id))),
    name: "Dana Baker",
    email: random.pick(context.emails),
    password: context.password,
    currentPassword: context.password,
    newPassword: context.password,
    confirmPassword: context.password,
    token: random.pick(context.ids),
    method: totp ? "totp" : "backup",
    code: totp ? "123456" : "abcde-12345",
    trustDevice: random.chance(0.5),
    text: "How do I keep subscribers past three months?",
    title: "Prices",
    statement: "We have two cafés.",
    date: "2024-05-01",
    url: random.pick(["http://127.0.0.1:1/", "http://[::127.0.0.1]/", "https://harbour-lane.invalid/"]),
    directorId: director,
    directorIds: random.pick([null, [director]]),
    directors: ["martha", "finn"],
    author: random.pick([director, "board"]),
    conversationId: random.pick(uuids),
    messageId: random.pick(uuids),
    planId: random.pick(PLAN_IDS),
    rating: random.pick(["up", "down", null]),
    reason: "Too long",
    status: random.pick(["kept", "dismissed"]),
    onlyDirector: random.chance(0.5),
    keepAutomatically: random.chance(0.5),
    keyFact: random.pick(KEY_FACTS[director])?.id ?? "monthly_revenue",
    answer: "About 40%",
    field: "businessName",
    value: "Bright Bean",
    ...(random.chance(0.2) ? { retry: true } : {}),
    ...(random.chance(0.2) ? { edit: true } : {}),
  };
}

/** A plausible body with a few of its fields made hostile, tainted or left out. */
function mutatedBody(random: Random, context: FuzzContext): Record<string, unknown> {
  const fields = plausibleBody(random, context);
  const keys = Object.keys(fields);
  for (let changes = random.int(4); changes > 0; changes--) {
    const key = random.pick(keys);
    const value = fields[key];
    const roll = random.int(10);
    if (roll < 2) delete fields[key];
    else if (roll < 6 && typeof value === "string") fields[key] = tainted(value, random.pick(TAINTS));
    else fields[key] = jsonValue(random, context, 1);
  }
  return fields;
}

/** Characters a database, a parser or a reader chokes on: NUL, lone surrogates, a direction override, a BOM, BEL. */
const TAINTS = ["\u0000", "\uD800", "\uDFFF", "\u202E", "\uFEFF", "\u0007"];

/** A valid string with one hostile character slipped into its middle. */
function tainted(value: string, taint: string): string {
  const at = Math.floor(value.length / 2);
  return value.slice(0, at) + taint + value.slice(at);
}

/**
 * The body with `taint` in every string field but those named in `spared` (fields a schema already refused it in),
 * so that, request after request, each field that accepts it is seen to reach the code behind.
 */
export function taintedBody(
  body: Record<string, unknown>,
  taint: string,
  spared: ReadonlySet<string>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      typeof value === "string" && !spared.has(key) ? tainted(value, taint) : value,
    ]),
  );
}

/** A request of the route's own method, signed in (the context's first cookie), with this path and JSON body. */
export function signedInRequest(
  context: FuzzContext,
  route: Route,
  path: string,
  body: Record<string, unknown>,
): MalformedRequest {
  if (BODYLESS.has(route.method)) return { method: route.method, path, headers: { cookie: context.cookies[0] ?? "" } };
  return {
    method: route.method,
    path,
    headers: { cookie: context.cookies[0] ?? "", origin: context.origin, "content-type": "application/json" },
    body: JSON.stringify(body),
  };
}

/** A multipart body, mostly well formed around a hostile file name and content, sometimes broken. */
function multipartBody(random: Random, context: FuzzContext): { type: string; body: string } {
  const boundary = "fuzzBoundary7MA4YWxk";
  const fileName = random.pick([
    "notes.txt",
    "invoice\u202Etxt.exe.txt",
    "a\u0000b.txt",
    "..\\..\\win.ini",
    "page.html",
    "x".repeat(600),
    "",
  ]);
  const content = random.pick(["hello", "", "<script>alert(1)</script>", "%PDF-1.7 broken", "PK\u0003\u0004junk"]);
  const parts = [
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${random.pick(["text/plain", "text/html", "application/pdf", ""])}\r\n\r\n${content}\r\n`,
  ];
  if (random.chance(0.5)) {
    const ids = random.pick([
      '["martha"]',
      "[]",
      "null",
      "{",
      '["nobody"]',
      JSON.stringify(hostileString(random, context)),
    ]);
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="directorIds"\r\n\r\n${ids}\r\n`);
  }
  const closing = random.chance(0.8) ? `--${boundary}--\r\n` : "";
  const body = random.chance(0.9) ? parts.join("") + closing : `--${boundary}\r\nbroken`;
  const type = random.chance(0.9) ? `multipart/form-data; boundary=${boundary}` : "multipart/form-data";
  return { type, body };
}

function bodyOf(random: Random, context: FuzzContext, route: Route): { type?: string; body?: string } {
  if (route.path.endsWith("/knowledge/files") && random.chance(0.7)) return multipartBody(random, context);
  const roll = random.int(20);
  const type = random.chance(0.85) ? "application/json" : random.pick(CONTENT_TYPES);
  if (roll < 8) return { type, body: JSON.stringify(mutatedBody(random, context)) };
  if (roll < 11) return { type, body: JSON.stringify(jsonObject(random, context)) };
  if (roll < 14) return { type, body: random.pick(MALFORMED_JSON) };
  if (roll < 15) return { type, body: JSON.stringify(jsonValue(random, context)) };
  if (roll < 16) return { type, body: JSON.stringify({ text: "x".repeat(1_100_000) }) };
  if (roll < 17) return { type: random.pick(CONTENT_TYPES) };
  if (roll < 18) return multipartBody(random, context);
  if (roll < 19) return { type: "application/x-www-form-urlencoded", body: "a=1&__proto__[x]=1&text=%00" };
  return { type: "application/json", body: "{}" };
}

function pathOf(random: Random, context: FuzzContext, route: Route): string {
  const path = route.path.replace(/:(\w+)/g, () => {
    const roll = random.int(20);
    const id = context.ids.length > 0 ? encodeURIComponent(random.pick(context.ids)) : randomUuid(random);
    if (roll < 5) return id;
    if (roll < 8) return randomUuid(random);
    if (roll < 13) return id + random.pick(ID_SUFFIXES);
    return random.pick(HOSTILE_SEGMENTS);
  });
  if (!random.chance(0.3)) return path;
  const key = random.pick(["q", "conversation", "format", "tz", "__proto__[x]", "q[]", "%00"]);
  const value = random.pick([
    "%00",
    "%ED%A0%80",
    "%",
    "pdf",
    "Europe%2FNowhere",
    "x".repeat(3000),
    encodeURIComponent("\u202E"),
    randomUuid(random),
  ]);
  return `${path}?${key}=${value}&${key}=${value}`;
}

function headersOf(random: Random, context: FuzzContext, method: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const cookie = random.chance(0.85) ? random.pick(context.cookies) : random.pick(JUNK_COOKIES);
  if (cookie) headers.cookie = cookie;
  if (!BODYLESS.has(method) && method !== "OPTIONS") {
    const origin = random.chance(0.9) ? context.origin : random.pick(ORIGINS);
    if (origin) headers.origin = origin;
  }
  if (random.chance(0.05)) headers["x-forwarded-for"] = random.pick(["::1", "1.2.3.4, 5.6.7.8", "garbage", ""]);
  if (random.chance(0.05)) headers["user-agent"] = random.pick(["", "x".repeat(4000), "\u00ff\u00fe"]);
  return headers;
}

/**
 * For a route with path parameters, one request for each of these ids with a NUL, a lone surrogate or a
 * right-to-left override after it, signed in: the sweep that makes sure no route with a parameter is left to chance.
 */
export function brokenIdRequests(context: FuzzContext, route: Route, ids: readonly string[]): MalformedRequest[] {
  if (!route.path.includes(":")) return [];
  return ["%00", "%ED%A0%80", "%E2%80%AE"].flatMap((suffix) =>
    ids.map((id) => signedInRequest(context, route, withParams(route, encodeURIComponent(id) + suffix), {})),
  );
}

/** The route's path with every parameter set to this (already encoded) value. */
export function withParams(route: Route, value: string): string {
  return route.path.replace(/:(\w+)/g, () => value);
}

/** One malformed request for this route (now and then with another method than the route's). */
export function malformedRequest(random: Random, context: FuzzContext, route: Route): MalformedRequest {
  const method = random.chance(0.9) ? route.method : random.pick(METHODS);
  const headers = headersOf(random, context, method);
  const path = pathOf(random, context, route);
  if (BODYLESS.has(method)) return { method, path, headers };
  const { type, body } = bodyOf(random, context, route);
  if (type) headers["content-type"] = type;
  return { method, path, headers, body };
}
