import { describe, expect, it } from "vitest";
import type { Bench } from "./harness/bench";
import { selectBenches } from "./registry";

const bench = (id: string): Bench => ({ id, summary: id, run: async () => [] });
const benches = [bench("forecast"), bench("drain")];

describe("selectBenches", () => {
  it("selects every bench when none is named", () => {
    expect(selectBenches([], benches).selected.map((b) => b.id)).toEqual(["forecast", "drain"]);
  });

  it("selects the named benches in registry order", () => {
    expect(selectBenches(["drain", "forecast"], benches)).toEqual({ selected: [benches[0], benches[1]], unknown: [] });
  });

  it("reports names that match no bench", () => {
    expect(selectBenches(["forecast", "forcast"], benches).unknown).toEqual(["forcast"]);
  });
});
