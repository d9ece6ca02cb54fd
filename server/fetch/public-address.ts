import net from "node:net";

/**
 * Networks a URL import must never reach from the server (server-side request
 * forgery): loopback, private, link-local (cloud metadata), carrier-grade NAT,
 * multicast, documentation and reserved ranges, in IPv4 and IPv6.
 */
const BLOCKED = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  // Unspecified, loopback and the deprecated IPv4-compatible addresses (::a.b.c.d).
  ["::", 96],
  // IPv4-translated (SIIT), deprecated.
  ["::ffff:0:0:0", 96],
  // Local-use NAT64: translates into whatever the local network chooses.
  ["64:ff9b:1::", 48],
  ["100::", 64],
  // Teredo, which carries an (obfuscated) IPv4 address and port.
  ["2001::", 32],
  // ORCHID, deprecated.
  ["2001:10::", 28],
  ["2001:db8::", 32],
  // 6to4, deprecated: each address carries an IPv4 one, private as often as not.
  ["2002::", 16],
  ["3fff::", 20],
  ["fc00::", 7],
  ["fe80::", 10],
  // Site-local, deprecated.
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, "ipv6");
}

/**
 * Whether an address is on the public internet. An IPv4 address inside an IPv6 one that reaches it (IPv4-mapped,
 * the well-known NAT64 prefix) is judged as that IPv4 address; the deprecated embeddings are refused whole.
 */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !BLOCKED.check(address, "ipv4");
  if (family !== 6) return false;
  const embedded = translatedIpv4(ipv6Groups(address));
  if (embedded) return isPublicAddress(embedded);
  return !BLOCKED.check(address, "ipv6");
}

/** The IPv4 address in ::ffff:a.b.c.d (mapped) or 64:ff9b::a.b.c.d (NAT64), in any spelling. */
function translatedIpv4(groups: number[]): string | undefined {
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0);
  if (!mapped && !nat64) return undefined;
  const high = groups[6] ?? 0;
  const low = groups[7] ?? 0;
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** The eight 16-bit groups of a valid IPv6 address: "::" expanded, a dotted IPv4 tail read, a zone dropped. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill("0");
  return [...headGroups, ...zeros, ...tailGroups].map((group) => Number.parseInt(group, 16));
}
