import { describe, expect, it } from "vitest";
import { clickSelection } from "./row-selection";

const order = [50, 40, 30, 20, 10];
const sorted = (set: Set<number>) => [...set].sort((a, b) => b - a);

describe("row selection", () => {
  it("toggles one row on a plain click", () => {
    expect(sorted(clickSelection(new Set(), order, 40, null, false))).toEqual([40]);
    expect(sorted(clickSelection(new Set([40]), order, 40, 40, false))).toEqual([]);
  });

  it("selects the range from the last clicked row on a shift-click, in either direction", () => {
    expect(sorted(clickSelection(new Set([40]), order, 10, 40, true))).toEqual([40, 30, 20, 10]);
    expect(sorted(clickSelection(new Set([20]), order, 50, 20, true))).toEqual([50, 40, 30, 20]);
  });

  it("unselects the range when the shift-clicked row was selected", () => {
    expect(sorted(clickSelection(new Set([50, 40, 30, 20]), order, 20, 50, true))).toEqual([]);
  });

  it("falls back to one row when the last clicked row is gone from the list", () => {
    expect(sorted(clickSelection(new Set(), order, 30, 99, true))).toEqual([30]);
  });
});
