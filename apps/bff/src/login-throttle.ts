/** Failed console logins allowed per window, per client IP and per user, before 429. */
export const MAX_FAILURES_PER_IP = 10;
export const MAX_FAILURES_PER_USER = 5;
export const THROTTLE_WINDOW_MS = 60_000;

/**
 * Counts failed logins per key in a sliding window; a key over its limit is refused until its
 * oldest failure leaves the window.
 */
export class LoginThrottle {
  readonly #failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Milliseconds to wait before another attempt, or 0 when allowed. */
  retryAfter(ip: string, user: string): number {
    return Math.max(this.#wait(`ip:${ip}`, MAX_FAILURES_PER_IP), this.#wait(`user:${user}`, MAX_FAILURES_PER_USER));
  }

  recordFailure(ip: string, user: string): void {
    for (const key of [`ip:${ip}`, `user:${user}`]) this.#failures.set(key, [...this.#recent(key), this.now()]);
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
