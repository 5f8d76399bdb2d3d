import { describe, expect, it } from "vitest";
import { metricsRangeFromSearch, metricsRangeToSearch, rangeProblem, reachesNow, timeFrameAt } from "./metrics-range";

const NOW = Date.parse("2026-11-22T12:00:30Z");

describe("metrics range in the URL", () => {
  it("is the last hour when the URL says nothing", () => {
    const range = metricsRangeFromSearch(new URLSearchParams());
    expect(range).toEqual({ kind: "last", last: "1h" });
    expect(metricsRangeToSearch(range).toString()).toBe("");
  });

  it("reads and writes a relative range", () => {
    const range = metricsRangeFromSearch(new URLSearchParams("last=6h"));
    expect(range).toEqual({ kind: "last", last: "6h" });
    expect(metricsRangeToSearch(range).toString()).toBe("last=6h");
  });

  it("falls back to the last hour for an unknown choice", () => {
    expect(metricsRangeFromSearch(new URLSearchParams("last=7y"))).toEqual({ kind: "last", last: "1h" });
  });

  it("reads a custom range as UTC seconds, whatever offset the link used", () => {
    const range = metricsRangeFromSearch(new URLSearchParams("from=2026-11-22T10:00:00%2B01:00&to=2026-11-22T11:30:00Z"));
    expect(range).toEqual({ kind: "custom", from: "2026-11-22T09:00:00Z", to: "2026-11-22T11:30:00Z" });
    expect(metricsRangeToSearch(range).get("from")).toBe("2026-11-22T09:00:00Z");
  });

  it("takes a custom range without an end as 'until now'", () => {
    const range = metricsRangeFromSearch(new URLSearchParams("from=2026-11-22T09:00:00Z"));
    expect(range).toEqual({ kind: "custom", from: "2026-11-22T09:00:00Z", to: "" });
    expect(metricsRangeToSearch(range).toString()).toBe("from=2026-11-22T09%3A00%3A00Z");
    expect(timeFrameAt(range, NOW)).toEqual({ from: "2026-11-22T09:00:00Z", to: "2026-11-22T12:00:30Z" });
  });

  it("ignores an unreadable start", () => {
    expect(metricsRangeFromSearch(new URLSearchParams("from=yesterday&last=15m"))).toEqual({ kind: "last", last: "15m" });
  });
});

describe("time frame of a range", () => {
  it("ends now for a relative range", () => {
    expect(timeFrameAt({ kind: "last", last: "15m" }, NOW)).toEqual({ from: "2026-11-22T11:45:30Z", to: "2026-11-22T12:00:30Z" });
    expect(timeFrameAt({ kind: "last", last: "24h" }, NOW).from).toBe("2026-11-21T12:00:30Z");
  });

  it("reaches now unless a custom range ended before", () => {
    expect(reachesNow({ kind: "last", last: "1h" }, NOW)).toBe(true);
    expect(reachesNow({ kind: "custom", from: "2026-11-22T09:00:00Z", to: "" }, NOW)).toBe(true);
    expect(reachesNow({ kind: "custom", from: "2026-11-22T09:00:00Z", to: "2026-11-22T10:00:00Z" }, NOW)).toBe(false);
  });

  it("names a custom range that ends before it starts", () => {
    expect(rangeProblem({ kind: "custom", from: "2026-11-22T10:00:00Z", to: "2026-11-22T09:00:00Z" }, NOW)).toMatch(/before the end/);
    expect(rangeProblem({ kind: "custom", from: "2026-11-22T09:00:00Z", to: "2026-11-22T10:00:00Z" }, NOW)).toBeNull();
    expect(rangeProblem({ kind: "last", last: "1h" }, NOW)).toBeNull();
  });

  it("names a custom range wider than the server reads at once", () => {
    expect(rangeProblem({ kind: "custom", from: "2026-11-01T00:00:00Z", to: "2026-11-09T00:00:00Z" }, NOW)).toMatch(/at most 7 days/);
  });
});
