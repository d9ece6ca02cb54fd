import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isPublicAddress } from "./public-address";

/**
 * Fetches an address an owner typed, safely: http(s) only; the host is
 * resolved and every address it resolves to must be public (unless private
 * networks are allowed), checked again on every redirect, and the connection
 * goes to the address that was checked (no second lookup to rebind); a size
 * limit, a time limit for the whole exchange, a redirect limit, and the
 * content types the caller accepts.
 */

export type SafeFetchFailure =
  | "invalid_url"
  | "not_found"
  | "private_address"
  | "http_error"
  | "unexpected_type"
  | "too_large"
  | "redirect_loop"
  | "timeout"
  | "unreachable";

export class SafeFetchError extends Error {
  constructor(
    readonly failure: SafeFetchFailure,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`fetch refused or failed: ${failure}${status ? ` (${status})` : ""}`, options);
    this.name = "SafeFetchError";
  }
}

export type SafeFetchOptions = {
  /** Allow loopback, private and link-local addresses (an intranet; tests). */
  allowPrivate: boolean;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Accepted media types (e.g. text/html); anything else is refused before its body is read. */
  accept: readonly string[];
  /** Which addresses may be reached; defaults to public ones (all with allowPrivate). */
  isAllowedAddress?: (address: string, url: URL) => boolean;
  userAgent?: string;
};

export type SafeFetchResult = { finalUrl: string; status: number; contentType: string; body: Buffer };

export async function safeFetch(address: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const seen = new Set<string>();
  let url = parseWebUrl(address);
  for (let hop = 0; ; hop++) {
    if (seen.has(url.href) || hop > options.maxRedirects) throw new SafeFetchError("redirect_loop");
    seen.add(url.href);
    const response = await requestOnce(url, options, deadline);
    if (response.kind === "redirect") {
      response.discard();
      try {
        url = parseWebUrl(new URL(response.location, url).href);
      } catch {
        throw new SafeFetchError("invalid_url");
      }
      continue;
    }
    return response.read();
  }
}

function parseWebUrl(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new SafeFetchError("invalid_url");
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname || url.username || url.password) {
    throw new SafeFetchError("invalid_url");
  }
  url.hash = "";
  return url;
}

type OneResponse =
  | { kind: "redirect"; location: string; discard(): void }
  | { kind: "body"; read(): Promise<SafeFetchResult> };

async function requestOnce(url: URL, options: SafeFetchOptions, deadline: AbortSignal): Promise<OneResponse> {
  const address = await resolveAllowed(url, options);
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise<OneResponse>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "GET",
        lookup,
        signal: deadline,
        headers: {
          accept: `${options.accept.join(", ")};q=1, */*;q=0.1`,
          "accept-encoding": "identity",
          "user-agent": options.userAgent ?? "DirectorsKnowledgeImport/1.0",
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          resolve({ kind: "redirect", location, discard: () => response.destroy() });
          return;
        }
        if (status < 200 || status >= 300) {
          response.destroy();
          reject(new SafeFetchError("http_error", status));
          return;
        }
        const contentType = (response.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
        if (!options.accept.includes(contentType)) {
          response.destroy();
          reject(new SafeFetchError("unexpected_type"));
          return;
        }
        const declared = Number(response.headers["content-length"]);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          response.destroy();
          reject(new SafeFetchError("too_large"));
          return;
        }
        resolve({
          kind: "body",
          read: () =>
            new Promise<SafeFetchResult>((done, fail) => {
              const chunks: Buffer[] = [];
              let size = 0;
              response.on("data", (chunk: Buffer) => {
                size += chunk.length;
                if (size > options.maxBytes) {
                  response.destroy();
                  fail(new SafeFetchError("too_large"));
                  return;
                }
                chunks.push(chunk);
              });
              response.on("end", () => done({ finalUrl: url.href, status, contentType, body: Buffer.concat(chunks) }));
              response.on("error", (error) => fail(networkError(error, deadline)));
            }),
        });
      },
    );
    request.on("error", (error) => reject(networkError(error, deadline)));
    request.end();
  });
}

async function resolveAllowed(url: URL, options: SafeFetchOptions): Promise<{ address: string; family: number }> {
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  } catch (error) {
    throw new SafeFetchError("not_found", undefined, { cause: error });
  }
  const allowed = options.isAllowedAddress ?? ((ip: string) => options.allowPrivate || isPublicAddress(ip));
  // Every address the name resolves to must be allowed: one private answer among public ones is refused.
  if (addresses.length === 0) throw new SafeFetchError("not_found");
  if (!addresses.every((entry) => allowed(entry.address, url))) throw new SafeFetchError("private_address");
  return addresses[0] as dns.LookupAddress;
}

function networkError(error: unknown, deadline: AbortSignal): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  if (deadline.aborted) return new SafeFetchError("timeout", undefined, { cause: error });
  return new SafeFetchError("unreachable", undefined, { cause: error });
}
