import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { ErrorCode } from "@baton/contract";
import { invalid } from "../domain/errors";

/** Networks a callback may not reach unless allowed: loopback, link-local, private and unique-local. */
const INTERNAL_NETWORKS: readonly [string, number, "ipv4" | "ipv6"][] = [
  ["0.0.0.0", 8, "ipv4"],
  ["10.0.0.0", 8, "ipv4"],
  ["100.64.0.0", 10, "ipv4"],
  ["127.0.0.0", 8, "ipv4"],
  ["169.254.0.0", 16, "ipv4"],
  ["172.16.0.0", 12, "ipv4"],
  ["192.168.0.0", 16, "ipv4"],
  ["::", 128, "ipv6"],
  ["::1", 128, "ipv6"],
  ["fc00::", 7, "ipv6"],
  ["fe80::", 10, "ipv6"],
];

/**
 * Decides which URLs execution callbacks may call, so a callback cannot become a way into
 * internal networks. `allow` is BATON_CALLBACK_ALLOW: comma-separated host names and CIDRs.
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
      if (family === 0) this.#allowedHosts.add(entry);
      else this.#allowedNetworks.addSubnet(address, prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix), family === 4 ? "ipv4" : "ipv6");
    }
  }

  /** Throws a validation error (path callback.http.url) unless the URL may be called. */
  async check(url: string): Promise<void> {
    const refuse = (why: string) => invalid(ErrorCode.INVALID_REQUEST, "callback.http.url", why, url);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw refuse("is not a URL");
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw refuse("must be an http or https URL");
    const host = parsed.hostname.replace(/^\[|\]$/g, "").toLowerCase();
    if (this.#allowedHosts.has(host)) return;
    const addresses = isIP(host) !== 0 ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true }).catch(() => []);
    if (addresses.length === 0) throw refuse(`host '${host}' cannot be resolved`);
    for (const { address, family } of addresses) {
      const type = family === 6 ? "ipv6" : "ipv4";
      if (this.#internal.check(address, type) && !this.#allowedNetworks.check(address, type)) {
        throw refuse(`reaches the internal address ${address}; allow it with BATON_CALLBACK_ALLOW if that is intended`);
      }
    }
  }
}
