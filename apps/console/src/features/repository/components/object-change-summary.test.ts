import { describe, expect, it } from "vitest";
import { describeObjectChange, summarizeObjectChange } from "./object-change-summary";

/** A file's text as the repository keeps it. */
const file = (typeKey: string, body: unknown): string => `${JSON.stringify({ [typeKey]: body }, null, 2)}\n`;

const task = (line: number, name: string, type = "JOBS") => ({ line_number: line, object_name: name, object_type: type });
const edge = (to: number, from: number, expected?: string) => ({ workflow_line_number: to, predecessor_line_number: from, ...(expected && { expected_status: expected }) });

const workflow = (tasks: string[], edges: Array<ReturnType<typeof edge>>, title = "Nightly") =>
  file("jobp", {
    general_attributes: { name: "WF", type: "JOBP", title },
    workflow_definitions: [task(1, "START", "<START>"), ...tasks.map((name, i) => task(i + 2, name)), task(tasks.length + 2, "END", "<END>")],
    line_conditions: edges,
  });

const job = (lines: string[], agent = "LOCAL") => file("jobs", { general_attributes: { name: "J" }, job_attributes: { agent }, scripts: [{ process: lines }] });

describe("summarizeObjectChange", () => {
  it("finds tasks added and removed by name, and edges changed", () => {
    const before = workflow(["A", "B"], [edge(2, 1), edge(3, 2), edge(4, 3)]);
    // B gone, C and D in: lines are renumbered, A keeps its edge from START.
    const after = workflow(["A", "C", "D"], [edge(2, 1), edge(3, 2), edge(4, 2, "ANY_ABEND"), edge(5, 3)]);
    const summary = summarizeObjectChange(before, after);
    expect(summary.tasksAdded).toEqual(["C", "D"]);
    expect(summary.tasksRemoved).toEqual(["B"]);
    // A>B and B>END removed; A>C, A>D on abend and C>END added; START>A kept.
    expect(summary.edgesRemoved).toBe(2);
    expect(summary.edgesAdded).toBe(3);
    expect(summary.attributesChanged).toEqual([]);
  });

  it("lists attribute paths whose values differ, outside scripts and workflow", () => {
    const summary = summarizeObjectChange(workflow(["A"], [], "Nightly"), workflow(["A"], [], "Weekly"));
    expect(summary.attributesChanged).toEqual(["general_attributes.title"]);
    expect(summary.tasksAdded).toEqual([]);
  });

  it("counts script lines added and removed per page", () => {
    const summary = summarizeObjectChange(job(["echo 1", "echo 2", "echo 3"], "LOCAL"), job(["echo 1", "echo two", "echo 3", "echo 4"], "REMOTE"));
    expect(summary).toMatchObject({ kind: "changed", scriptLinesAdded: 2, scriptLinesRemoved: 1, attributesChanged: ["job_attributes.agent"] });
  });

  it("knows a new and a deleted object from an empty side", () => {
    expect(summarizeObjectChange("", job(["a", "b"]))).toMatchObject({ kind: "added", scriptLinesAdded: 2 });
    expect(summarizeObjectChange(job(["a"]), "")).toMatchObject({ kind: "deleted", scriptLinesRemoved: 1 });
  });

  it("compares an unreadable workflow as attributes", () => {
    const broken = file("jobp", { general_attributes: { name: "WF" }, workflow_definitions: [task(1, "A")] });
    const summary = summarizeObjectChange(broken, workflow(["A"], []));
    expect(summary.tasksAdded).toEqual([]);
    expect(summary.attributesChanged).toContain("workflow_definitions[0].object_type");
  });

  it("refuses a text that is not an object definition", () => {
    expect(() => summarizeObjectChange("[1]", "")).toThrow();
    expect(() => summarizeObjectChange("{not json", "")).toThrow();
  });
});

describe("describeObjectChange", () => {
  it("puts every kind of change in one line", () => {
    const text = describeObjectChange({
      kind: "changed",
      tasksAdded: ["A", "B"],
      tasksRemoved: [],
      edgesAdded: 0,
      edgesRemoved: 1,
      attributesChanged: ["x", "y", "z"],
      scriptLinesAdded: 5,
      scriptLinesRemoved: 1,
    });
    expect(text).toBe("2 tasks added: A, B · 1 edge removed · 3 attributes changed · 5 script lines added, 1 removed");
  });

  it("says so when nothing in the definition differs", () => {
    expect(describeObjectChange(summarizeObjectChange(job(["a"]), job(["a"])))).toBe("No difference in the definition");
  });

  it("names new objects without listing every attribute", () => {
    expect(describeObjectChange(summarizeObjectChange("", job(["a"])))).toBe("New object · 1 script line added");
  });
});
