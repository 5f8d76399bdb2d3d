import { describe, expect, it } from "vitest";
import type { ScriptValue } from "./host";
import { formatValue, numericValue, quote } from "./script-values";

describe("formatValue", () => {
  it.each<[ScriptValue, string]>([
    [3, "3"],
    [3.0, "3"],
    [-0, "0"],
    [2.5, "2.5"],
    [0.1 + 0.2, "0.3"],
    [1 / 3, "0.333333333333333"],
    [-1234567.125, "-1234567.125"],
    ["text", "text"],
    [" 007 ", " 007 "],
  ])("%j reads as %j", (value, text) => {
    expect(formatValue(value)).toBe(text);
  });
});

describe("numericValue", () => {
  it.each<[ScriptValue, number | undefined]>([
    [4, 4],
    ["12", 12],
    [" -1.5 ", -1.5],
    ["+3", 3],
    [".5", 0.5],
    ["5.", 5],
    ["", undefined],
    ["1e3", undefined],
    ["0x10", undefined],
    ["12abc", undefined],
    ["Infinity", undefined],
  ])("%j is %j", (value, number) => {
    expect(numericValue(value)).toBe(number);
  });
});

describe("quote", () => {
  it("cuts long values without splitting an emoji", () => {
    expect(quote(`${"a".repeat(56)}😀${"b".repeat(10)}`)).toBe(`'${"a".repeat(56)}😀...'`);
    expect(quote("short")).toBe("'short'");
  });
});
