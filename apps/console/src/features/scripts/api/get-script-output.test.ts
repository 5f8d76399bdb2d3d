import { describe, expect, it } from "vitest";
import { findRuntimeError } from "./get-script-output";

describe("findRuntimeError", () => {
  it("reads line, column and message of the interpreter's runtime error", () => {
    const report = [
      "2026-11-22T17:48:28.941Z U00011409 Script 'SCRIPT' activated with RunID '4' by ADMIN/ADMIN.",
      "2026-11-22T17:48:28.941Z U00020999 Runtime error in line 3, column 16: division by zero",
      "2026-11-22T17:48:28.941Z U00011410 Script 'SCRIPT' ended: ENDED_NOT_OK, return code 1.",
    ].join("\n");
    expect(findRuntimeError(report)).toEqual({ line: 3, column: 16, message: "division by zero" });
  });

  it("finds nothing in a clean report", () => {
    expect(findRuntimeError("2026-11-22T17:48:23.243Z sum is 5\n")).toBeNull();
  });
});
