import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./json-depth";

const nested = (depth: number, open = "[", close = "]") => Buffer.from(open.repeat(depth) + close.repeat(depth));

describe("nestsDeeperThan", () => {
  it.each([
    ["arrays at the limit", nested(MAX_JSON_DEPTH), false],
    ["arrays one past the limit", nested(MAX_JSON_DEPTH + 1), true],
    ["the 12 KB body of 6,000 arrays", nested(6000), true],
    ["objects one past the limit", Buffer.from(`${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${"}".repeat(MAX_JSON_DEPTH + 1)}`), true],
    ["objects at the limit", Buffer.from(`${'{"a":'.repeat(MAX_JSON_DEPTH)}1${"}".repeat(MAX_JSON_DEPTH)}`), false],
    ["brackets inside strings", Buffer.from(JSON.stringify({ text: "[".repeat(1000), other: "{".repeat(1000) })), false],
    ["escaped quotes and backslashes before brackets", Buffer.from(JSON.stringify([`\\"${"[".repeat(100)}`, "\\", "[[[["])), false],
    ["a deep value after an escaped quote", Buffer.from(`["\\"", ${"[".repeat(100)}${"]".repeat(100)}]`), true],
    ["characters beyond ASCII", Buffer.from(JSON.stringify({ "é€𝄞": ["[ü]"] })), false],
    ["a wide flat array", Buffer.from(`[${"0,".repeat(100_000)}0]`), false],
  ])("%s", (_, json, deeper) => {
    expect(nestsDeeperThan(json)).toBe(deeper);
  });
});
