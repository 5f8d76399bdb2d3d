import { describe, expect, it } from "vitest";
import { checkDefinition } from "./definition-check";

const envelope = (body: Record<string, unknown>) => JSON.stringify({ data: { jobs: { general_attributes: { name: "A.JOB", type: "JOBS" }, ...body } }, path: "" });

describe("checkDefinition", () => {
  it("passes a valid definition and keeps it as written", () => {
    const text = envelope({ custom: { x: 1 } });
    expect(checkDefinition(text, "A.JOB")).toEqual({ ok: true, envelope: JSON.parse(text) });
  });

  it("says where JSON, the envelope, the type's limits and the name go wrong", () => {
    const broken = checkDefinition("{", "A.JOB");
    expect(!broken.ok && broken.problems[0]?.message).toMatch(/Not valid JSON/);
    const noData = checkDefinition("{}", "A.JOB");
    expect(!noData.ok && noData.problems.map((p) => p.path)).toEqual(["data"]);
    const long = checkDefinition(JSON.stringify({ data: { jobs: { general_attributes: { name: "A.JOB", type: "JOBS", description: "x".repeat(300) } } } }), "A.JOB");
    expect(!long.ok && long.problems.map((p) => p.path)).toEqual(["data.jobs.general_attributes.description"]);
    const renamed = checkDefinition(JSON.stringify({ data: { jobs: { general_attributes: { name: "B" } } } }), "A.JOB");
    expect(!renamed.ok && renamed.problems.map((p) => p.path)).toEqual(["data.jobs.general_attributes.name"]);
  });
});
