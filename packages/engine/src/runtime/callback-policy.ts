import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { ErrorCode } from "@baton/contract";
import { invalid } from "../domain/errors";

/**
 * Networks Baton may not reach unless allowed: "this" network, private, carrier-grade NAT,
 * loopback, link-local, IETF protocol assignments, benchmarking, multicast and reserved (with
 * broadcast); in IPv6 the unspecified and loopback addresses, unique-local, link-local, the old
 * site-local and multicast.
 */
const INTERNAL_NETWORKS: readonly [string, number, "ipv4" | "ipv6"][] = [
  ["0.0.0.0", 8, "ipv4"],
  ["10.0.0.0", 8, "ipv4"],
  ["100.64.0.0", 10, "ipv4"],
  ["127.0.0.0", 8, "ipv4"],
  ["169.254.0.0", 16, "ipv4"],
  ["172.16.0.0", 12, "ipv4"],
  ["192.0.0.0", 24, "ipv4"],
  ["192.168.0.0", 16, "ipv4"],
  ["198.18.0.0", 15, "ipv4"],
  ["224.0.0.0", 4, "ipv4"],
  ["240.0.0.0", 4, "ipv4"],
  ["::", 128, "ipv6"],
  ["::1", 128, "ipv6"],
  ["fc00::", 7, "ipv6"],
  ["fe80::", 10, "ipv6"],
  ["fec0::", 10, "ipv6"],
  ["ff00::", 8, "ipv6"],
];

/** An address to check: IPv6 addresses that carry an IPv4 address are checked as that address. */
interface Address {
  address: string;
  type: "ipv4" | "ipv6";
}

/**
 * Decides which hosts Baton may call, so that a URL a user gives (an execution callback, a
 * repository remote) cannot become a way into internal networks. `allow` is BATON_CALLBACK_ALLOW:
 * comma-separated host names and CIDRs.
 */
export class CallbackPolicy {
  readonly #internal = new BlockList();
  readonly #allowedNetworks = new BlockList();
  readonly #allowedHosts = new Set<string>();

  constructor(allow: string | undefined) {
    for (const [address, prefix, family] of INTERNAL_NETWORKS) this.#internal.addSubnet(address, prefix, family);
    for (const entry of (allow ?? "").split(",").map((e) => e.trim().toLowerCase()).filter(Boolean)) {
      const [address = "", prefix] = entry.split("/");
      const family = isIP(address);
      if (family === 0) this.#allowedHosts.add(withoutFinalDot(entry));
      else this.#allowedNetworks.addSubnet(address, prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix), family === 4 ? "ipv4" : "ipv6");
    }
  }

  /** Throws a validation error (path callback.http.url) unless the URL may be called. */
  async check(url: string): Promise<void> {
    await this.checkHttpUrl(url, "callback.http.url");
  }

  /**
   * The parsed http(s) URL and the addresses its host was found at (undefined when the host is
   * allowed by name), so that the caller can connect to exactly those; throws a validation error
   * at `path` unless every address may be reached.
   */
  async checkHttpUrl(url: string, path: string): Promise<{ url: URL; addresses: string[] | undefined }> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw invalid(ErrorCode.INVALID_REQUEST, path, "is not a URL", url);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw invalid(ErrorCode.INVALID_REQUEST, path, "must be an http or https URL", url);
    // The URL parser has already turned every IPv4 spelling (2130706433, 0x7f.1, 127.1) into dotted decimal.
    return { url: parsed, addresses: await this.checkHost(parsed.hostname, path, url) };
  }

  /**
   * The addresses of `host` (a name, or an IP address with or without brackets) when every one may
   * be reached, or undefined when the host is allowed by name; throws a validation error at `path`
   * naming `shown` otherwise. Names are resolved as the system resolver does, which also reads
   * numeric spellings such as 2130706433 or 0x7f.1.
   */
  async checkHost(host: string, path: string, shown: string): Promise<string[] | undefined> {
    const refuse = (why: string) => invalid(ErrorCode.INVALID_REQUEST, path, why, shown);
    const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
    if (bare === "") throw refuse("has no host");
    if (this.#allowedHosts.has(withoutFinalDot(bare))) return undefined;
    const found = isIP(bare) !== 0 ? [{ address: bare }] : await lookup(bare, { all: true }).catch(() => []);
    if (found.length === 0) throw refuse(`host '${bare}' cannot be resolved`);
    for (const { address } of found) {
      if (!this.reachable(address)) throw refuse(`reaches the internal address ${address}; allow it with BATON_CALLBACK_ALLOW if that is intended`);
    }
    return found.map(({ address }) => address);
  }

  /** Whether an IP address is public or allowed. */
  reachable(address: string): boolean {
    const checked = checkedAddress(address);
    return !this.#internal.check(checked.address, checked.type) || this.#allowedNetworks.check(checked.address, checked.type);
  }
}

function withoutFinalDot(host: string): string {
  return host.endsWith(".") ? host.slice(0, -1) : host;
}

/**
 * The address as it is reached: an IPv6 address that embeds an IPv4 one (IPv4-mapped ::ffff:a.b.c.d,
 * IPv4-compatible ::a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, NAT64 64:ff9b::a.b.c.d) counts as
 * that IPv4 address, so that `[::127.0.0.1]` is loopback and an allowed IPv4 network stays allowed
 * however it is spelled.
 */
function checkedAddress(address: string): Address {
  if (isIP(address) === 4) return { address, type: "ipv4" };
  const groups = ipv6Groups(address);
  if (groups === undefined) return { address, type: "ipv6" };
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  const ipv4 = `${g >> 8}.${g & 0xff}.${h >> 8}.${h & 0xff}`;
  const zeroHead = a === 0 && b === 0 && c === 0 && d === 0;
  const mapped = zeroHead && e === 0 && f === 0xffff;
  const translated = zeroHead && e === 0xffff && f === 0;
  // ::, ::1 and the rest of ::/96's first addresses are themselves in the internal list.
  const compatible = zeroHead && e === 0 && f === 0 && g !== 0;
  const nat64 = a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0;
  return mapped || translated || compatible || nat64 ? { address: ipv4, type: "ipv4" } : { address, type: "ipv6" };
}

/** The eight 16-bit groups of an IPv6 address (zone removed, a final dotted quad read). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const quad = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (quad) {
    const [p = 0, q = 0, r = 0, s = 0] = quad.slice(1).map(Number);
    text = `${text.slice(0, quad.index)}${((p << 8) | q).toString(16)}:${((r << 8) | s).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const [head = "", tail] = halves;
  const front = head === "" ? [] : head.split(":");
  const back = tail === undefined || tail === "" ? [] : tail.split(":");
  const missing = 8 - front.length - back.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return undefined;
  const groups = [...front, ...Array<string>(missing).fill("0"), ...back].map((group) => Number.parseInt(group, 16));
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : undefined;
}
