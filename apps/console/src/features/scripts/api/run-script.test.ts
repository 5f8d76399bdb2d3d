import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { scriptProblemsOf } from "./run-script";

const problem = (message: string, line?: number, column?: number) => ({ code: 45160, message, details: null, path: "script", line, column });

describe("scriptProblemsOf", () => {
  it("reads the positioned problems of a 400 in script order", () => {
    const error = new ApiError(400, [problem("b", 3, 7), problem("a", 1, 2), problem("no position")], "POST", "/api/100/scripts");
    expect(scriptProblemsOf(error)).toEqual([
      { line: 1, column: 2, message: "a" },
      { line: 3, column: 7, message: "b" },
    ]);
  });

  it("has nothing for other errors", () => {
    expect(scriptProblemsOf(new ApiError(403, [problem("x", 1, 1)], "POST", "/api/100/scripts"))).toEqual([]);
    expect(scriptProblemsOf(new Error("x"))).toEqual([]);
  });
});
