import { describe, expect, it } from "vitest";
import { executionTypeText } from "./execution-type";

describe("executionTypeText", () => {
  it.each([
    ["JOBP", undefined, "Workflow (JOBP)"],
    ["JOBS", undefined, "Job (JOBS)"],
    ["C_PERIOD", undefined, "Period Container (C_PERIOD)"],
    ["EVNT", "FILE", "Event (EVNT.FILE)"],
    ["CBCK", undefined, "CBCK"],
    ["CBCK", "X", "CBCK.X"],
  ])("%s %s → %s", (code, subType, text) => {
    expect(executionTypeText(code, subType)).toBe(text);
  });
});
