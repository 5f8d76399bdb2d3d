import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** The header in which the console's backend names the browser it proxies for. */
const FORWARDED_FOR = "x-baton-forwarded-for";
/** The header that proves the request comes from this process's own console backend. */
const FORWARDED_KEY = "x-baton-forwarded-key";

/**
 * Where a request comes from, for the login throttle: the socket's remote address. Baton trusts no
 * proxy header from outside (as the console backend, whose Express has `trust proxy` off). The one
 * exception is this process's own console backend, which proxies `/api` as the user over loopback:
 * it names the browser's address along with a key made anew by each process, so that its requests
 * are throttled by the browser and not all together by the loopback address.
 */
export class SourceAddresses {
  readonly #key = randomBytes(32).toString("base64url");

  /** The headers the console backend adds to a request it proxies for a browser at `address`. */
  forwardingHeaders(address: string): Record<string, string> {
    return { [FORWARDED_FOR]: address, [FORWARDED_KEY]: this.#key };
  }

  /** The address a request comes from. */
  of(req: IncomingMessage): string {
    const claimed = req.headers[FORWARDED_FOR];
    const key = req.headers[FORWARDED_KEY];
    if (typeof claimed === "string" && claimed !== "" && typeof key === "string" && this.#isKey(key)) return claimed;
    return req.socket.remoteAddress ?? "";
  }

  #isKey(key: string): boolean {
    const given = Buffer.from(key);
    const expected = Buffer.from(this.#key);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
