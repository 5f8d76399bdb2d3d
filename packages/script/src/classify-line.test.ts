import { describe, expect, it } from "vitest";
import { classifyLine } from "./classify-line";

describe("classifyLine", () => {
  it.each<[string, string]>([
    [":SET &X# = 1", "statement"],
    ["   :PRINT 'x'", "statement"],
    ["\t:ENDIF", "statement"],
    ["! a comment", "comment"],
    ["  !indented comment", "comment"],
    ["echo hello", "text"],
    ["echo :not a statement", "text"],
    ["", "text"],
    ["   ", "text"],
  ])("%j is %s", (line, kind) => {
    expect(classifyLine(line)).toBe(kind);
  });
});
