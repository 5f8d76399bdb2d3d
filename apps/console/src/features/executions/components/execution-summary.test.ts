import { describe, expect, it } from "vitest";
import { anExecution } from "./execution-fixture";
import { parentKind } from "./execution-summary";

describe("parentKind", () => {
  const task = anExecution({ parent: 18, line_number: 10, activator_object_type: "JOBP" });
  const restarted = { ...task, activator_object_type: "API" };

  it("names the parent's type once the parent is read, whatever started the task", () => {
    expect(parentKind(restarted, "JOBP")).toBe("workflow");
    expect(parentKind(task, "C_PERIOD")).toBe("period container");
  });

  it("goes by what started it until then", () => {
    expect(parentKind(task, undefined)).toBe("workflow");
    expect(parentKind({ ...task, activator_object_type: "JSCH" }, undefined)).toBe("schedule");
    expect(parentKind(restarted, undefined)).toBe("execution");
  });
});
