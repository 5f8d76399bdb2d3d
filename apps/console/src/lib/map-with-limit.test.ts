import { describe, expect, it } from "vitest";
import { mapWithLimit } from "./map-with-limit";

describe("mapWithLimit", () => {
  it("keeps the order of the items and never runs more than the limit at once", async () => {
    let running = 0;
    let most = 0;
    const results = await mapWithLimit([30, 5, 20, 1, 10], 2, async (ms, index) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running -= 1;
      return `${index}:${ms}`;
    });
    expect(results).toEqual(["0:30", "1:5", "2:20", "3:1", "4:10"]);
    expect(most).toBe(2);
  });

  it("answers an empty list for no items", async () => {
    expect(await mapWithLimit([], 4, () => Promise.resolve(1))).toEqual([]);
  });
});
