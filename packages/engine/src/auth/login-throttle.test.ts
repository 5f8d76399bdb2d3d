import { describe, expect, it } from "vitest";
import { LoginThrottle, MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT, THROTTLE_WINDOW_MS } from "./login-throttle";

describe("LoginThrottle", () => {
  it("refuses an address for an account after its failures until the window has passed, and no other address", () => {
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT; i++) {
      expect(throttle.retryAfter("1.1.1.1", "100/ADMIN/ADMIN")).toBe(0);
      throttle.recordFailure("1.1.1.1", "100/ADMIN/ADMIN");
      now += 1000;
    }
    expect(throttle.retryAfter("1.1.1.1", "100/ADMIN/ADMIN")).toBe(THROTTLE_WINDOW_MS - MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT * 1000);
    // The account's owner elsewhere is not kept out, and the address may still try other accounts.
    expect(throttle.retryAfter("2.2.2.2", "100/ADMIN/ADMIN")).toBe(0);
    expect(throttle.retryAfter("1.1.1.1", "100/OTHER/ADMIN")).toBe(0);
    now = THROTTLE_WINDOW_MS + 1;
    expect(throttle.retryAfter("1.1.1.1", "100/ADMIN/ADMIN")).toBe(0);
  });

  it("refuses an address that tries many accounts", () => {
    const throttle = new LoginThrottle(() => 0);
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) throttle.recordFailure("3.3.3.3", `100/U${i}/D`);
    expect(throttle.retryAfter("3.3.3.3", "100/NEW/D")).toBeGreaterThan(0);
    expect(throttle.retryAfter("4.4.4.4", "100/NEW/D")).toBe(0);
  });
});
