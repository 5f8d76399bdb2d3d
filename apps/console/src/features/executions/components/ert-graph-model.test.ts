import { describe, expect, it } from "vitest";
import type { OutErtEstimations, OutExecution } from "@baton/contract";
import { readWorkflowGraph } from "@baton/contract";
import { anExecution } from "./execution-fixture";
import { COLUMN_WIDTH, ROW_HEIGHT, placeTasks, sharedNamePrefix } from "../../../components/workflow-layout";
import { criticalLinks, graphModel, latestByLine } from "./ert-graph-model";

const execution = (runId: number, line: number, status = 1900): OutExecution => anExecution({ name: `TASK${line}`, run_id: runId, status, parent: 100, line_number: line });

// START → A → B → END, and START → C → END; C runs long, so the critical path goes through C.
const definition = readWorkflowGraph({
  workflow_definitions: [
    { line_number: 1, object_name: "START", object_type: "<START>", row: 2, column: 1 },
    { line_number: 2, object_name: "A", object_type: "JOBS", row: 1, column: 2 },
    { line_number: 3, object_name: "B", object_type: "JOBS", row: 1, column: 3 },
    { line_number: 4, object_name: "C", object_type: "JOBS", row: 3, column: 2 },
    { line_number: 5, object_name: "END", object_type: "<END>", row: 2, column: 4 },
  ],
  line_conditions: [
    { workflow_line_number: 2, predecessor_line_number: 1 },
    { workflow_line_number: 3, predecessor_line_number: 2 },
    { workflow_line_number: 4, predecessor_line_number: 1 },
    { workflow_line_number: 5, predecessor_line_number: 3 },
    { workflow_line_number: 5, predecessor_line_number: 4 },
  ],
});

const running = { run_id: 100, status: 1550 };
const vertex = (lnr: number, runId = 0) => ({ parent_run_id: 100, run_id: runId, lnr, child_loop_index: 0 });
const ert: OutErtEstimations = {
  estimated_erts: { "201": 5, "-3": 7, "-4": 60 },
  estimated_start_times: { "-3": 1_700_000_000_000, "-4": 1_700_000_000_500 },
  longest_path_vertex_keys: { "100": [vertex(1), vertex(4), vertex(5)] },
  ert: 60,
  rrt: 55,
};

describe("placeTasks", () => {
  it("puts each task at its definition's column and row, the smallest at the origin", () => {
    const places = placeTasks(definition.tasks);
    expect(places.get(1)).toEqual({ x: 0, y: ROW_HEIGHT });
    expect(places.get(2)).toEqual({ x: COLUMN_WIDTH, y: 0 });
    expect(places.get(4)).toEqual({ x: COLUMN_WIDTH, y: 2 * ROW_HEIGHT });
    expect(places.get(5)).toEqual({ x: 3 * COLUMN_WIDTH, y: ROW_HEIGHT });
  });
});

describe("criticalLinks", () => {
  it("links consecutive vertices of the workflow's path", () => {
    expect([...criticalLinks(ert, 100)]).toEqual(["1>4", "4>5"]);
  });
  it("is empty for another workflow or without an estimate", () => {
    expect(criticalLinks(ert, 999).size).toBe(0);
    expect(criticalLinks(undefined, 100).size).toBe(0);
  });
});

describe("latestByLine", () => {
  it("takes the highest run id of a line, so a restart replaces the run it restarted", () => {
    const latest = latestByLine([execution(210, 2, 1800), execution(201, 3), execution(230, 2)]);
    expect(latest.get(2)?.run_id).toBe(230);
    expect(latest.get(3)?.run_id).toBe(201);
  });
});

describe("graphModel", () => {
  const model = graphModel(definition, [execution(201, 2)], ert, running);

  it("marks the critical tasks and links and lists the path in order", () => {
    expect(model.tasks.filter((t) => t.critical).map((t) => t.name)).toEqual(["START", "C", "END"]);
    expect(model.links.filter((l) => l.critical).map((l) => `${l.source}>${l.target}`)).toEqual(["line-1>line-4", "line-4>line-5"]);
    expect(model.criticalPath.map((t) => t.line)).toEqual([1, 4, 5]);
  });

  it("gives a task that ran the estimate it was activated with (none here), one without an execution the engine's by negative line number", () => {
    const byName = new Map(model.tasks.map((t) => [t.name, t]));
    // The ERT answer's 5 s for run 201 is its runtime so far, not an estimate: the Tasks tab and its own page say none either.
    expect(byName.get("A")?.ertSeconds).toBeUndefined();
    expect(byName.get("A")?.execution?.run_id).toBe(201);
    expect(byName.get("B")?.ertSeconds).toBe(7);
    expect(byName.get("B")?.estimatedStart).toBe(1_700_000_000_000);
    expect(byName.get("START")?.kind).toBe("start");
    expect(byName.get("END")?.kind).toBe("end");
  });

  it("shows an execution's own estimate against its runtime rather than the engine's running figure", () => {
    const withEstimate = graphModel(definition, [{ ...execution(201, 2), estimated_runtime: 3 }], ert, running);
    expect(withEstimate.tasks.find((t) => t.line === 2)?.ertSeconds).toBe(3);
  });

  it("draws no critical path while the estimate is unknown", () => {
    const unknown = graphModel(definition, [], undefined, running);
    expect(unknown.criticalPath).toEqual([]);
    expect(unknown.links.some((l) => l.critical)).toBe(false);
    expect(unknown.links).toHaveLength(5);
  });
});

describe("graphModel of a blocked workflow", () => {
  const blocked = { run_id: 100, status: 1560 };
  const startOf = (model: ReturnType<typeof graphModel>, line: number) => model.tasks.find((t) => t.line === line);

  it("has the tasks behind a task that ended abnormally wait for it, without the start the engine counts from now", () => {
    const model = graphModel(definition, [execution(201, 2, 1800)], ert, blocked);
    expect(startOf(model, 3)).toMatchObject({ waitsForBlock: true, estimatedStart: undefined, ertSeconds: 7 });
    // C is on another branch: nothing stands in its way.
    expect(startOf(model, 4)).toMatchObject({ waitsForBlock: false, estimatedStart: 1_700_000_000_500 });
  });

  it("has a task activated with the workflow and waiting for its predecessors (1700) wait for the block like one without an execution", () => {
    const model = graphModel(definition, [execution(201, 2, 1800), execution(202, 3, 1700), execution(203, 4, 1700)], ert, blocked);
    expect(startOf(model, 3)).toMatchObject({ waitsForBlock: true, estimatedStart: undefined });
    expect(startOf(model, 3)?.execution?.run_id).toBe(202);
    expect(startOf(model, 4)).toMatchObject({ waitsForBlock: false });
  });

  it("has nothing wait behind an abnormal end an error branch takes, or once the task is restarted", () => {
    const withErrorBranch = readWorkflowGraph({
      workflow_definitions: [
        { line_number: 1, object_name: "START", object_type: "<START>" },
        { line_number: 2, object_name: "A", object_type: "JOBS" },
        { line_number: 3, object_name: "B", object_type: "JOBS" },
        { line_number: 4, object_name: "END", object_type: "<END>" },
      ],
      line_conditions: [
        { workflow_line_number: 2, predecessor_line_number: 1 },
        { workflow_line_number: 3, predecessor_line_number: 2, expected_status: "ANY_ABEND" },
        { workflow_line_number: 4, predecessor_line_number: 3 },
      ],
    });
    expect(graphModel(withErrorBranch, [execution(201, 2, 1800)], ert, running).tasks.some((t) => t.waitsForBlock)).toBe(false);
    const restarted = graphModel(definition, [execution(201, 2, 1800), execution(205, 2, 1550)], ert, running);
    expect(startOf(restarted, 3)).toMatchObject({ waitsForBlock: false, estimatedStart: 1_700_000_000_000 });
  });

  it("has nothing wait once the workflow has ended", () => {
    const cancelled = graphModel(definition, [execution(201, 2, 1800)], ert, { run_id: 100, status: 1851 });
    expect(cancelled.tasks.some((t) => t.waitsForBlock)).toBe(false);
  });
});

describe("sharedNamePrefix", () => {
  it("finds the leading parts every name shares, keeping each name's last part", () => {
    expect(sharedNamePrefix(["PAY.DAILY.LOAD", "PAY.DAILY.CHECK", "PAY.DAILY.SUB.X"])).toBe("PAY.DAILY.");
    expect(sharedNamePrefix(["PAY.LOAD", "PAY.LOAD"])).toBe("PAY.");
    expect(sharedNamePrefix(["LOAD", "CHECK"])).toBe("");
    expect(sharedNamePrefix(["A.X", "B.X"])).toBe("");
    expect(sharedNamePrefix([])).toBe("");
  });
});
