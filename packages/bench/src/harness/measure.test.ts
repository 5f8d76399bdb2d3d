import { describe, expect, it } from "vitest";
import { alternate, median, percentile } from "./measure";

describe("median", () => {
  it.each([
    { values: [5], expected: 5 },
    { values: [9, 1, 5], expected: 5 },
    { values: [4, 1, 3, 2], expected: 2.5 },
    { values: [1, 1, 1, 1000], expected: 1 },
  ])("of $values is $expected", ({ values, expected }) => {
    expect(median(values)).toBe(expected);
  });

  it("does not reorder the caller's values", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it("refuses no values", () => {
    expect(() => median([])).toThrow(/no values/);
  });
});

describe("percentile", () => {
  it.each([
    { values: [5], percent: 95, expected: 5 },
    { values: Array.from({ length: 100 }, (_, i) => i + 1), percent: 95, expected: 95 },
    { values: Array.from({ length: 20 }, (_, i) => 20 - i), percent: 95, expected: 19 },
    { values: [16.7, 16.6, 33.3, 16.7], percent: 50, expected: 16.7 },
  ])("the $percent th of $values.length values is $expected", ({ values, percent, expected }) => {
    expect(percentile(values, percent)).toBe(expected);
  });

  it("refuses no values", () => {
    expect(() => percentile([], 95)).toThrow(/no values/);
  });
});

describe("alternate", () => {
  it("warms both sides up unmeasured, then swaps which side goes first every round", async () => {
    const calls: string[] = [];
    const samples = await alternate(
      async () => calls.push("s"),
      async () => calls.push("b"),
      { runs: 3, warmups: 1 },
    );
    expect(calls.join("")).toBe("sb" + "sb" + "bs" + "sb");
    expect(samples.subject).toHaveLength(3);
    expect(samples.baseline).toHaveLength(3);
  });

  it("times each side on its own", async () => {
    const samples = await alternate(
      () => new Promise((resolve) => setTimeout(resolve, 30)),
      async () => undefined,
      { runs: 2, warmups: 0 },
    );
    expect(Math.min(...samples.subject)).toBeGreaterThanOrEqual(25);
    expect(Math.max(...samples.baseline)).toBeLessThan(25);
  });
});
