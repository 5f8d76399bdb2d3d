import { describe, expect, it } from "vitest";
import { memoryVerdict, percentile, readVerdict } from "./soak-figures";

describe("soak figures", () => {
  it("takes nearest-rank percentiles", () => {
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile(Array.from({ length: 100 }, (_, i) => i + 1), 99)).toBe(99);
    expect(percentile([], 99)).toBe(0);
  });

  it("calls reads stable while the last third's p99 is at most twice the first's", () => {
    const samples = (late: number) => Array.from({ length: 300 }, (_, i) => ({ at: i * 10, value: i < 200 ? 10 : late }));
    expect(readVerdict(samples(20), 3000)).toMatchObject({ firstThirdP99Ms: 10, lastThirdP99Ms: 20, stable: true });
    expect(readVerdict(samples(21), 3000).stable).toBe(false);
  });

  it("measures memory drift from after the warm-up to the end", () => {
    const rss = (end: number) => Array.from({ length: 100 }, (_, i) => ({ at: i * 10, value: i < 50 ? 100 * 2 ** 20 : end * 2 ** 20 }));
    expect(memoryVerdict(rss(110), 1000)).toMatchObject({ afterWarmUpMiB: 100, endMiB: 110, drift: 0.1, withinLimit: true });
    expect(memoryVerdict(rss(111), 1000).withinLimit).toBe(false);
  });
});
