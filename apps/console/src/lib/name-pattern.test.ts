import { describe, expect, it } from "vitest";
import { namePatternOf, nameQueryOf } from "./name-pattern";

describe("namePatternOf", () => {
  it.each([
    ["EXTRACT", "*EXTRACT*"],
    ["  daily.extract ", "*daily.extract*"],
    ["*EXTRACT", "*EXTRACT"],
    ["NIGHTLY.*", "NIGHTLY.*"],
    ["JOB?", "JOB?"],
    ["*", "*"],
    ["", ""],
    ["   ", ""],
  ])("%j is sent as %j", (typed, sent) => expect(namePatternOf(typed)).toBe(sent));
});

describe("nameQueryOf", () => {
  it("asks for the name anywhere, in upper case, from two characters on", () => {
    expect(nameQueryOf("ex")).toBe("*EX*");
    expect(nameQueryOf("e")).toBeNull();
    expect(nameQueryOf("7", 1)).toBe("*7*");
    expect(nameQueryOf("ne?t*")).toBe("NE?T*");
  });

  it("reads text no name can hold as no name", () => {
    expect(nameQueryOf("agent gaps")).toBeNull();
    expect(nameQueryOf("a/b")).toBeNull();
    expect(nameQueryOf("x".repeat(199))).toBeNull();
  });
});
