import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress } from "./public-address";
import { fetchReadablePage } from "./readable-page";
import { SafeFetchError, type SafeFetchFailure, type SafeFetchOptions, safeFetch } from "./safe-fetch";

/** Two local sites: "public" stands for a site on the internet, "intranet" for one the server must not reach. */
let publicSite: http.Server;
let intranet: http.Server;
let publicUrl: string;
let intranetUrl: string;
beforeAll(async () => {
  intranet = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<p>internal admin page</p>");
  });
  await new Promise<void>((resolve) => intranet.listen(0, "127.0.0.1", resolve));
  intranetUrl = `http://127.0.0.1:${(intranet.address() as AddressInfo).port}`;
  publicSite = http.createServer((req, res) => {
    if (req.url === "/to-intranet") {
      res.writeHead(302, { location: `${intranetUrl}/admin` });
      return res.end();
    }
    if (req.url === "/slow") return; // never answers
    if (req.url === "/streams-too-much") {
      res.writeHead(200, { "content-type": "text/html" });
      res.write("x".repeat(2048));
      return res.end("x".repeat(2048));
    }
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<html><head><title>Menu</title></head><body><nav>Skip me</nav><article><h1>Menu</h1>
      <p>The pumpkin cortado is back for the autumn season and costs $4.80 at both of our cafes.</p></article></body></html>`);
  });
  await new Promise<void>((resolve) => publicSite.listen(0, "127.0.0.1", resolve));
  publicUrl = `http://127.0.0.1:${(publicSite.address() as AddressInfo).port}`;
});
afterAll(async () => {
  publicSite.closeAllConnections();
  await new Promise((resolve) => publicSite.close(resolve));
  await new Promise((resolve) => intranet.close(resolve));
});

const base: SafeFetchOptions = {
  allowPrivate: false,
  maxBytes: 1024 * 1024,
  timeoutMs: 5000,
  maxRedirects: 5,
  accept: ["text/html"],
};
/** Only the "public" site's port counts as public. */
const onlyPublic = (_address: string, url: URL) => url.port === new URL(publicUrl).port;

async function failureOf(promise: Promise<unknown>): Promise<SafeFetchFailure | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(SafeFetchError);
    return (error as SafeFetchError).failure;
  }
}

describe("the safe fetcher for web pages", () => {
  it("refuses private networks, also after a redirect, unless allowed; enforces time, size and scheme", async () => {
    // Loopback is private: refused before any request is made.
    expect(await failureOf(safeFetch(`${publicUrl}/menu`, base))).toBe("private_address");
    // A public page that redirects into the intranet is refused at the redirect.
    expect(await failureOf(safeFetch(`${publicUrl}/to-intranet`, { ...base, isAllowedAddress: onlyPublic }))).toBe(
      "private_address",
    );
    // Allowed (an intranet install, or tests), the redirect is followed.
    const followed = await safeFetch(`${publicUrl}/to-intranet`, { ...base, allowPrivate: true });
    expect(followed.finalUrl).toBe(`${intranetUrl}/admin`);
    expect(followed.body.toString()).toContain("internal admin page");

    expect(await failureOf(safeFetch(`${publicUrl}/slow`, { ...base, allowPrivate: true, timeoutMs: 300 }))).toBe(
      "timeout",
    );
    expect(
      await failureOf(safeFetch(`${publicUrl}/streams-too-much`, { ...base, allowPrivate: true, maxBytes: 3000 })),
    ).toBe("too_large");
    for (const address of ["file:///etc/passwd", "ftp://example.com/", "http://user:pw@example.com/", "nonsense"]) {
      expect(await failureOf(safeFetch(address, { ...base, allowPrivate: true })), address).toBe("invalid_url");
    }
  });

  it("keeps a page's readable text, without its navigation", async () => {
    const page = await fetchReadablePage(`${publicUrl}/menu`, { allowPrivate: true });
    expect(page.finalUrl).toBe(`${publicUrl}/menu`);
    expect(page.title).toBe("Menu");
    expect(page.text).toContain("The pumpkin cortado is back for the autumn season and costs $4.80");
    expect(page.text).not.toContain("Skip me");
  });

  it("tells public addresses from private, link-local, loopback and mapped ones", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:808:808", "64:ff9b::8.8.8.8"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "64:ff9b::a9fe:a9fe",
      "2002:c0a8:0101::1",
      // The deprecated embeddings are refused whole, whatever IPv4 address they carry.
      "::127.0.0.1",
      "::7f00:1",
      "::8.8.8.8",
      "::ffff:0:808:808",
      "2002:7f00::",
      "2002:808:808::1",
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
      "fec0::1",
      "64:ff9b:1::808:808",
      "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
