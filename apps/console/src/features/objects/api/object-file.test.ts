import { describe, expect, it } from "vitest";
import { editableText, isExecutable, summarize } from "./object-file";

describe("summarize", () => {
  it("names each object of an envelope in upper case, typed by its attributes or key", () => {
    expect(summarize({ jobs: { general_attributes: { name: "a.job", type: "JOBS" } }, scri: { general_attributes: { name: "S" } } })).toEqual([
      { name: "A.JOB", type: "JOBS" },
      { name: "S", type: "SCRI" },
    ]);
  });
});

describe("editableText", () => {
  it("keeps data and path only", () => {
    const data = { jobs: { general_attributes: { name: "A" } } };
    expect(JSON.parse(editableText({ data, path: "X" }))).toEqual({ data, path: "X" });
  });
});

describe("isExecutable", () => {
  it("knows the executable object types", () => {
    expect(isExecutable("JOBS")).toBe(true);
    expect(isExecutable("jobp")).toBe(true);
    expect(isExecutable("VARA")).toBe(false);
  });
});
