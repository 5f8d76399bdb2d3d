import { describe, expect, it } from "vitest";
import { meetsTarget, resultRow, speedRatio, targetLabel } from "./result";

describe("speedRatio", () => {
  it("is baseline/subject for times: a subject twice as slow is 0.5", () => {
    expect(speedRatio("ms", 200, 100)).toBe(0.5);
  });

  it("is baseline/subject for sizes: a bundle 2.5 times as large is 0.4", () => {
    expect(speedRatio("KB", 250, 100)).toBe(0.4);
  });

  it("is subject/baseline for rates: a subject with twice the throughput is 2", () => {
    expect(speedRatio("per_s", 2000, 1000)).toBe(2);
  });
});

describe("meetsTarget", () => {
  it.each([
    { subject: 50, ok: true },
    { subject: 50.01, ok: false },
  ])("a time of $subject ms against at most 50 ms: $ok", ({ subject, ok }) => {
    expect(meetsTarget({ kind: "absolute", value: 50 }, "ms", subject, 0.01)).toBe(ok);
  });

  it.each([
    { subject: 1000, ok: true },
    { subject: 999, ok: false },
  ])("a rate of $subject/s against at least 1000/s: $ok", ({ subject, ok }) => {
    expect(meetsTarget({ kind: "absolute", value: 1000 }, "per_s", subject, 1)).toBe(ok);
  });

  it.each([
    { ratio: 0.8, ok: true },
    { ratio: 0.79, ok: false },
  ])("a ratio of $ratio against at least 0.8: $ok, whatever the subject's figure", ({ ratio, ok }) => {
    expect(meetsTarget({ kind: "ratio", value: 0.8 }, "ms", 1, ratio)).toBe(ok);
  });

  it.each([
    { subject: 2000, ratio: 0.14, ok: true },
    { subject: 2500, ratio: 0.13, ok: false },
    { subject: 1999, ratio: 0.5, ok: false },
  ])("a rate of $subject/s at $ratio of the baseline against at least 2000/s and 0.14x: $ok", ({ subject, ratio, ok }) => {
    const both = { kind: "all", targets: [{ kind: "absolute", value: 2000 }, { kind: "ratio", value: 0.14 }] } as const;
    expect(meetsTarget(both, "per_s", subject, ratio)).toBe(ok);
  });

  it.each([
    { subject: 8, ok: true },
    { subject: 8.01, ok: false },
  ])("a count of $subject against at most 8: $ok", ({ subject, ok }) => {
    expect(meetsTarget({ kind: "absolute", value: 8 }, "count", subject, 1)).toBe(ok);
  });

  it("holds a reported figure to nothing", () => {
    expect(meetsTarget({ kind: "none" }, "ms", 1_000_000, 0.001)).toBe(true);
  });
});

describe("targetLabel", () => {
  it("says which way a bound goes for the metric", () => {
    expect(targetLabel({ kind: "absolute", value: 50 }, "ms")).toBe("<= 50 ms");
    expect(targetLabel({ kind: "absolute", value: 500 }, "per_s")).toBe(">= 500 per_s");
    expect(targetLabel({ kind: "ratio", value: 0.8 }, "ms")).toBe(">= 0.8x baseline");
    expect(targetLabel({ kind: "none" }, "ms")).toBe("(reported)");
    expect(targetLabel({ kind: "absolute", value: 8 }, "count")).toBe("<= 8 count");
  });

  it("joins the targets a row must reach at once with and", () => {
    const both = { kind: "all", targets: [{ kind: "absolute", value: 2000 }, { kind: "ratio", value: 0.14 }] } as const;
    expect(targetLabel(both, "per_s")).toBe(">= 2000 per_s and >= 0.14x baseline");
  });
});

describe("resultRow", () => {
  it("compares the medians of both sides, ignoring an outlying run", () => {
    const row = resultRow("demo", "ms", { subject: [10, 12, 900], baseline: [6, 2000, 5] }, { kind: "ratio", value: 0.5 });
    expect(row).toEqual({ id: "demo", metric: "ms", subject: 12, baseline: 6, ratio: 0.5, target: ">= 0.5x baseline", ok: true });
  });

  it("keeps two decimals but decides ok on the unrounded figures", () => {
    const row = resultRow("demo", "ms", { subject: [50.004], baseline: [1] }, { kind: "absolute", value: 50 });
    expect(row.subject).toBe(50);
    expect(row.ok).toBe(false);
  });
});
