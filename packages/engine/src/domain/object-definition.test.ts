import { ErrorCode, type InImportObjectBody } from "@baton/contract";
import { describe, expect, it } from "vitest";
import { ValidationError } from "./errors";
import { definitionFromEnvelope, normaliseFolderPath } from "./object-definition";

const job = (overrides: Record<string, unknown> = {}) => ({
  general_attributes: { name: "nightly.backup", type: "JOBS" },
  job_attributes: { agent: "LOCAL", unix_shell: "bash" },
  scripts: [{ process: ["echo hi"] }],
  ...overrides,
});

function issuesOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.issues.map((i) => ({ code: i.code, path: i.path }));
    throw error;
  }
  throw new Error("expected a ValidationError");
}

describe("definitionFromEnvelope", () => {
  it("upper-cases the name, normalises the folder and keeps unknown members", () => {
    const definition = definitionFromEnvelope({ data: { jobs: job({ extra: { a: "1" } }) }, path: "\\Ops\\Nightly\\" });
    expect(definition).toMatchObject({ type: "JOBS", name: "NIGHTLY.BACKUP", folder: "OPS/NIGHTLY" });
    expect(definition.body["extra"]).toEqual({ a: "1" });
  });

  it("stores other types as documents", () => {
    expect(definitionFromEnvelope({ data: { vara: { general_attributes: { name: "V.X" }, anything: [1] } }, path: "" }).type).toBe("VARA");
  });

  it("accepts USER names NAME/DEPARTMENT", () => {
    expect(definitionFromEnvelope({ data: { user: { general_attributes: { name: "smith/ops" } } }, path: "" }).name).toBe("SMITH/OPS");
  });

  const refused: { name: string; envelope: InImportObjectBody; issues: { code: number; path: string }[] }[] = [
    { name: "bad name", envelope: { data: { jobs: job({ general_attributes: { name: "bad name" } }) }, path: "" }, issues: [{ code: ErrorCode.INVALID_OBJECT_NAME, path: "data.jobs.general_attributes.name" }] },
    { name: "too long", envelope: { data: { scri: { general_attributes: { name: "A".repeat(201) } } }, path: "" }, issues: [{ code: ErrorCode.INVALID_OBJECT_NAME, path: "data.scri.general_attributes.name" }] },
    { name: "no agent", envelope: { data: { jobs: job({ job_attributes: { platform: "UNIX" } }) }, path: "" }, issues: [{ code: ErrorCode.INVALID_OBJECT, path: "data.jobs.job_attributes.agent" }] },
    { name: "no job attributes", envelope: { data: { jobs: job({ job_attributes: undefined }) }, path: "" }, issues: [{ code: ErrorCode.INVALID_OBJECT, path: "data.jobs.job_attributes" }] },
    { name: "bad shell", envelope: { data: { jobs: job({ job_attributes: { agent: "LOCAL", unix_shell: "sh; rm -rf /" } }) }, path: "" }, issues: [{ code: ErrorCode.INVALID_OBJECT, path: "data.jobs.job_attributes.unix_shell" }] },
    { name: "lines not strings", envelope: { data: { jobs: job({ scripts: [{ process: [1] }] }) }, path: "" }, issues: [{ code: ErrorCode.INVALID_OBJECT, path: "data.jobs.scripts[0].process" }] },
    { name: "unknown page", envelope: { data: { scri: { general_attributes: { name: "S" }, scripts: [{ pre_process: [] }] } }, path: "" }, issues: [{ code: ErrorCode.INVALID_OBJECT, path: "data.scri.scripts[0].pre_process" }] },
    { name: "type mismatch", envelope: { data: { jobs: job({ general_attributes: { name: "X", type: "JOBP" } }) }, path: "" }, issues: [{ code: ErrorCode.INVALID_OBJECT, path: "data.jobs.general_attributes.type" }] },
    { name: "two objects", envelope: { data: { jobs: job(), scri: { general_attributes: { name: "S" } } }, path: "" }, issues: [{ code: ErrorCode.INVALID_OBJECT, path: "data" }] },
    { name: "traversal", envelope: { data: { jobs: job() }, path: "A/../../etc" }, issues: [{ code: ErrorCode.INVALID_OBJECT, path: "path" }] },
  ];
  it.each(refused)("refuses $name", ({ envelope, issues }) => {
    expect(issuesOf(() => definitionFromEnvelope(envelope))).toEqual(issues);
  });
});

describe("normaliseFolderPath", () => {
  it.each([
    ["", ""],
    ["\\", ""],
    ["/a/b/", "A/B"],
    ["A\\B\\\\C", "A/B/C"],
  ])("%s → %s", (path, expected) => {
    expect(normaliseFolderPath(path)).toBe(expected);
  });

  it.each(["..", "a/./b", "a\0b", "a b"])("refuses %s", (path) => {
    expect(normaliseFolderPath(path)).toBeNull();
  });
});
