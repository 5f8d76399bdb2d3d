/**
 * Failed logins allowed per window before 429: from one address to one account (a burst of wrong
 * passwords stops here, before it can count much against the account), and from one address over
 * all accounts (password spraying; high enough for the users of one office behind one NAT).
 * One below the default LOGIN_MAX_FAILURES (5): a burst from one address never locks an account
 * that keeps the default.
 */
export const MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT = 4;
export const MAX_FAILURES_PER_ADDRESS = 30;
export const THROTTLE_WINDOW_MS = 60_000;
/** Keys remembered at most; when full, the oldest key is dropped (a flood of addresses cannot grow memory without bound). */
const MAX_KEYS = 100_000;

/**
 * Counts failed logins per source address and per address and account in a sliding window; a key
 * over its limit is refused until its oldest failure leaves the window. There is deliberately no
 * limit per account alone: anyone anywhere could then keep an account's owner out.
 */
export class LoginThrottle {
  readonly #failures = new Map<string, number[]>();

  constructor(private readonly now: () => number) {}

  /** Milliseconds to wait before another attempt from `address` for `account`, or 0 when allowed. */
  retryAfter(address: string, account: string): number {
    return Math.max(this.#wait(addressKey(address), MAX_FAILURES_PER_ADDRESS), this.#wait(pairKey(address, account), MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT));
  }

  recordFailure(address: string, account: string): void {
    for (const key of [addressKey(address), pairKey(address, account)]) {
      const recent = [...this.#recent(key), this.now()];
      // Re-inserted last: the map's first key is the one failed longest ago.
      this.#failures.delete(key);
      if (this.#failures.size >= MAX_KEYS) this.#failures.delete(this.#failures.keys().next().value ?? "");
      this.#failures.set(key, recent.slice(-MAX_FAILURES_PER_ADDRESS));
    }
  }

  /**
   * Forgets the failures of these accounts from every address (an administrator unlocked the user
   * and vouches for it); what each address failed over all accounts still counts.
   */
  forgetAccounts(accounts: readonly string[]): void {
    for (const key of [...this.#failures.keys()]) {
      if (key.startsWith("pair:") && accounts.some((account) => key.endsWith(`:${account}`))) this.#failures.delete(key);
    }
  }

  #wait(key: string, limit: number): number {
    const recent = this.#recent(key);
    if (recent.length < limit) return 0;
    return (recent[recent.length - limit] ?? 0) + THROTTLE_WINDOW_MS - this.now();
  }

  #recent(key: string): number[] {
    const cutoff = this.now() - THROTTLE_WINDOW_MS;
    const recent = (this.#failures.get(key) ?? []).filter((t) => t > cutoff);
    if (recent.length === 0) this.#failures.delete(key);
    else this.#failures.set(key, recent);
    return recent;
  }
}

function addressKey(address: string): string {
  return `address:${plainAddress(address)}`;
}

function pairKey(address: string, account: string): string {
  return `pair:${plainAddress(address)}:${account}`;
}

/** An IPv4 address as IPv4 also when a dual-stack socket reports it IPv4-mapped (`::ffff:1.2.3.4`). */
function plainAddress(address: string): string {
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice("::ffff:".length) : address;
}
