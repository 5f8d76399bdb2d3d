import { describe, expect, it } from "vitest";
import { isExecutable, parseObjectFile } from "./object-file";

describe("parseObjectFile", () => {
  it("reads an export envelope and keeps it as written", () => {
    const text = JSON.stringify({ data: { jobs: { general_attributes: { name: "a.job", type: "JOBS" }, custom: { x: "1" } } }, path: "TEAM" });
    const parsed = parseObjectFile(text);
    expect(parsed.ok && parsed.objects).toEqual([{ name: "A.JOB", type: "JOBS" }]);
    expect(parsed.ok && parsed.payload).toEqual(JSON.parse(text));
  });

  it("wraps a bare object body into an envelope at the root", () => {
    const parsed = parseObjectFile(JSON.stringify({ general_attributes: { name: "S1", type: "SCRI" } }));
    expect(parsed.ok && parsed.payload).toEqual({ data: { scri: { general_attributes: { name: "S1", type: "SCRI" } } }, path: "" });
  });

  it("says what is wrong with broken JSON, folder exports and other shapes", () => {
    const broken = parseObjectFile("{oops");
    expect(!broken.ok && broken.message).toMatch(/not valid JSON/);
    const folder = parseObjectFile(JSON.stringify({ data: [] }));
    expect(!folder.ok && folder.message).toMatch(/folder export/);
    const other = parseObjectFile(JSON.stringify({ data: { jobs: { name: "X" } } }));
    expect(!other.ok && other.message).toMatch(/not an object export at data\.jobs\.general_attributes/);
  });
});

describe("isExecutable", () => {
  it("knows the executable object types", () => {
    expect(isExecutable("JOBS")).toBe(true);
    expect(isExecutable("jobp")).toBe(true);
    expect(isExecutable("VARA")).toBe(false);
  });
});
