import { describe, expect, it } from "vitest";
import { ertRuleOf, estimateRuntime, parseErtMethod, type ErtRule } from "./ert";

const AVERAGE: ErtRule = { method: "AVERAGE", fixedSeconds: 0 };
const rule = (method: ErtRule["method"], fixedSeconds = 0): ErtRule => ({ method, fixedSeconds });

describe("estimateRuntime", () => {
  it.each([
    ["no runs yet", [], AVERAGE, undefined],
    ["one run", [42], AVERAGE, 42],
    ["fewer than 25 runs average all of them", [10, 20, 30], AVERAGE, 20],
    ["a hung run is left out of the average", [10, 11, 9, 10, 600], AVERAGE, 10],
    ["but counts for the maximum", [10, 11, 9, 10, 600], rule("MAXIMUM"), 600],
    ["only the last 25 runs count", [...Array<number>(5).fill(1000), ...Array<number>(25).fill(20)], AVERAGE, 20],
    ["maximum of the last 25 only", [...Array<number>(5).fill(1000), ...Array<number>(25).fill(20)], rule("MAXIMUM"), 20],
    ["at least one second", [0.2, 0.1, 0.3], AVERAGE, 1],
    ["identical runs", [7, 7, 7, 7, 7], AVERAGE, 7],
    ["regression follows a growing runtime", [10, 20, 30, 40, 50], rule("LINEAR_REGRESSION"), 60],
    ["regression of a flat series is its mean", [30, 30, 30, 30], rule("LINEAR_REGRESSION"), 30],
    ["regression never goes below one second", [50, 40, 30, 20, 10, 1], rule("LINEAR_REGRESSION"), 1],
    ["regression of one run", [12], rule("LINEAR_REGRESSION"), 12],
    ["fixed needs no runs", [], rule("FIXED", 90), 90],
    ["fixed ignores the runs", [10, 20], rule("FIXED", 90), 90],
  ])("%s", (_name, runtimes, method, expected) => {
    expect(estimateRuntime(runtimes, method)).toBe(expected);
  });
});

describe("ertRuleOf", () => {
  const body = (attributes: Record<string, unknown>) => ({ general_attributes: { name: "J", ...attributes } });

  it("takes the object's method, else the client's", () => {
    expect(ertRuleOf(body({}), AVERAGE)).toEqual(AVERAGE);
    expect(ertRuleOf(body({ ert_method: "maximum" }), AVERAGE)).toEqual(rule("MAXIMUM"));
    expect(ertRuleOf(body({ ert_method: "Linear Regression" }), AVERAGE)).toEqual(rule("LINEAR_REGRESSION"));
    expect(ertRuleOf(body({ ert_method: "FIXED", ert_fixed: "120" }), AVERAGE)).toEqual(rule("FIXED", 120));
  });

  it("ignores an unknown method and a fixed rule without seconds", () => {
    expect(ertRuleOf(body({ ert_method: "GUESS" }), rule("MAXIMUM"))).toEqual(rule("MAXIMUM"));
    expect(ertRuleOf(body({ ert_method: "FIXED" }), AVERAGE)).toEqual(AVERAGE);
    expect(ertRuleOf(body({ ert_method: "FIXED" }), rule("FIXED", 30))).toEqual(rule("FIXED", 30));
  });

  it("reads method names as operators write them", () => {
    expect(parseErtMethod("linear-regression")).toBe("LINEAR_REGRESSION");
    expect(parseErtMethod(undefined)).toBeUndefined();
  });
});
