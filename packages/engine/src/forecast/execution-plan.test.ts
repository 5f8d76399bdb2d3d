import type { ObjectBody } from "@baton/contract";
import { describe, expect, it } from "vitest";
import type { Execution } from "../domain/execution";
import { newExecution } from "../testing/new-execution";
import { planExecution, type PlanContext, type RunSources } from "./execution-plan";
import { placeEntries } from "./forecast-entries";
import type { PlanSources } from "./plan";

const MIN = 60_000;
const NOW = Date.parse("2030-01-01T12:00:00Z");

const job = (name: string): ObjectBody => ({ general_attributes: { name, type: "JOBS" }, job_attributes: { agent: "LOCAL", platform: "UNIX" } });
const chain = (name: string, tasks: string[]): ObjectBody => ({
  general_attributes: { name, type: "JOBP" },
  workflow_definitions: [
    { line_number: "1", object_name: "START", object_type: "<START>" },
    ...tasks.map((t, i) => ({ line_number: String(i + 2), object_name: t, object_type: "JOBS" })),
    { line_number: String(tasks.length + 2), object_name: "END", object_type: "<END>" },
  ],
  line_conditions: tasks.map((_, i) => ({ workflow_line_number: String(i + 2), predecessor_line_number: String(i + 1) })).concat({ workflow_line_number: String(tasks.length + 2), predecessor_line_number: String(tasks.length + 1) }),
});

function sources(objects: Record<string, ObjectBody>, erts: Record<string, number>): PlanSources {
  return {
    object: async (name) => {
      const body = objects[name];
      return body && { type: String(body.general_attributes.type), body };
    },
    ertSeconds: async (name) => erts[name],
    // As the snapshot does with the registered ERTs: an execution's own ERT first.
    executionErtSeconds: async (name, activatedWith) => activatedWith ?? erts[name],
    agentFor: async (agent) => agent,
    timeZone: async (zone) => zone,
  };
}

function runs(children: Record<number, Execution[]>, definitions: Record<number, ObjectBody>): RunSources {
  return { children: async (runId) => children[runId] ?? [], definition: async (runId) => definitions[runId] ?? { general_attributes: { name: "" } } };
}

const run = (overrides: Partial<Execution>): Execution => ({ runId: 1, statusSince: 0, ...newExecution(overrides), ...overrides });

async function entriesOf(ctx: PlanContext, execution: Execution) {
  const tasks = await planExecution(ctx, execution, "1");
  const { entries } = await placeEntries(tasks, { queueSlots: () => undefined, agentMaxJobs: () => undefined }, async () => undefined);
  const minutes = (ms: number | null) => (ms === null ? null : (ms - NOW) / MIN);
  return entries.map((e) => ({ name: e.name, start: minutes(e.estimatedStart), end: minutes(e.estimatedEnd), status: e.status, agent: e.agentDestination }));
}

describe("planExecution", () => {
  const objects = { A: job("A"), B: job("B"), C: job("C") };
  const erts = { A: 600, B: 300, C: 120 };

  it("keeps what a running workflow ran, extends a task running late and plans the rest from now", async () => {
    const flow = run({ runId: 10, name: "FLOW", objectType: "JOBP", type: "Workflow", status: 1550, startTime: NOW - 20 * MIN });
    const a = run({ runId: 11, name: "A", parent: 10, lineNumber: 2, status: 1900, startTime: NOW - 20 * MIN, endTime: NOW - 15 * MIN, agent: "OTHER" });
    // B has run 8 minutes, longer than its 5-minute estimate: it ends no earlier than now.
    const b = run({ runId: 12, name: "B", parent: 10, lineNumber: 3, status: 1550, startTime: NOW - 8 * MIN });
    const ctx: PlanContext = { sources: sources(objects, erts), runs: runs({ 10: [a, b] }, { 10: chain("FLOW", ["A", "B", "C"]) }), window: { now: NOW, until: NOW + 60 * MIN } };
    expect(await entriesOf(ctx, flow)).toEqual([
      { name: "FLOW", start: -20, end: 2, status: 1550, agent: null },
      { name: "A", start: -20, end: -15, status: 1900, agent: "OTHER" },
      { name: "B", start: -8, end: 0, status: 1550, agent: "LOCAL" },
      { name: "C", start: 0, end: 2, status: null, agent: "LOCAL" },
    ]);
  });

  it("counts the ERT a running or waiting task was activated with, as the engine's estimates of the workflow do", async () => {
    const flow = run({ runId: 50, name: "FLOW", objectType: "JOBP", type: "Workflow", status: 1550, startTime: NOW - 10 * MIN });
    // A was activated with an estimate of 15 minutes (its object's is 10 now); B waits for its agent with 1 minute.
    const a = run({ runId: 51, name: "A", parent: 50, lineNumber: 2, status: 1550, startTime: NOW - 10 * MIN, estimatedRuntime: 15 * 60 });
    const b = run({ runId: 52, name: "B", parent: 50, lineNumber: 3, status: 1685, estimatedRuntime: 60 });
    const ctx: PlanContext = { sources: sources(objects, erts), runs: runs({ 50: [a, b] }, { 50: chain("FLOW", ["A", "B"]) }), window: { now: NOW, until: NOW + 60 * MIN } };
    expect(await entriesOf(ctx, flow)).toEqual([
      { name: "FLOW", start: -10, end: 6, status: 1550, agent: null },
      { name: "A", start: -10, end: 5, status: 1550, agent: "LOCAL" },
      { name: "B", start: 5, end: 6, status: 1685, agent: "LOCAL" },
    ]);
  });

  it("gives no times to the tasks behind a blocked task, and the blocked workflow no end, while a branch beside it goes on", async () => {
    // START → A(2) → B(3) → C(4) → END(6); START → D(5) → END. B ended not OK and nothing takes that end.
    const definition: ObjectBody = {
      general_attributes: { name: "FLOW", type: "JOBP" },
      workflow_definitions: [
        { line_number: "1", object_name: "START", object_type: "<START>" },
        ...["A", "B", "C", "D"].map((name, i) => ({ line_number: String(i + 2), object_name: name, object_type: "JOBS" })),
        { line_number: "6", object_name: "END", object_type: "<END>" },
      ],
      line_conditions: [
        [2, 1],
        [3, 2],
        [4, 3],
        [5, 1],
        [6, 4],
        [6, 5],
      ].map(([line, predecessor]) => ({ workflow_line_number: String(line), predecessor_line_number: String(predecessor) })),
    };
    const flow = run({ runId: 60, name: "FLOW", objectType: "JOBP", type: "Workflow", status: 1560, startTime: NOW - 20 * MIN });
    const a = run({ runId: 61, name: "A", parent: 60, lineNumber: 2, status: 1900, startTime: NOW - 20 * MIN, endTime: NOW - 15 * MIN });
    const b = run({ runId: 62, name: "B", parent: 60, lineNumber: 3, status: 1800, startTime: NOW - 15 * MIN, endTime: NOW - 10 * MIN });
    const ctx: PlanContext = { sources: sources({ ...objects, D: job("D") }, { ...erts, D: 60 }), runs: runs({ 60: [a, b] }, { 60: definition }), window: { now: NOW, until: NOW + 60 * MIN } };
    expect(await entriesOf(ctx, flow)).toEqual([
      { name: "FLOW", start: -20, end: null, status: 1560, agent: null },
      { name: "A", start: -20, end: -15, status: 1900, agent: "LOCAL" },
      { name: "B", start: -15, end: -10, status: 1800, agent: "LOCAL" },
      { name: "C", start: null, end: null, status: null, agent: "LOCAL" },
      { name: "D", start: 0, end: 1, status: null, agent: "LOCAL" },
    ]);
  });

  it("gives no times to what follows a nested workflow that is blocked, nor an end to the workflows around it", async () => {
    const outer = run({ runId: 70, name: "OUTER", objectType: "JOBP", type: "Workflow", status: 1550, startTime: NOW - 20 * MIN });
    const inner = run({ runId: 71, name: "INNER", objectType: "JOBP", type: "Workflow", parent: 70, lineNumber: 2, status: 1560, startTime: NOW - 20 * MIN });
    const failed = run({ runId: 72, name: "A", parent: 71, lineNumber: 2, status: 1800, startTime: NOW - 20 * MIN, endTime: NOW - 10 * MIN });
    const ctx: PlanContext = {
      sources: sources({ ...objects, INNER: chain("INNER", ["A", "B"]) }, erts),
      runs: runs({ 70: [inner], 71: [failed] }, { 70: chain("OUTER", ["INNER", "C"]), 71: chain("INNER", ["A", "B"]) }),
      window: { now: NOW, until: NOW + 60 * MIN },
    };
    expect(await entriesOf(ctx, outer)).toEqual([
      { name: "OUTER", start: -20, end: null, status: 1550, agent: null },
      { name: "INNER", start: -20, end: null, status: 1560, agent: null },
      { name: "A", start: -20, end: -10, status: 1800, agent: "LOCAL" },
      { name: "B", start: null, end: null, status: null, agent: "LOCAL" },
      { name: "C", start: null, end: null, status: null, agent: "LOCAL" },
    ]);
  });

  describe("a nested workflow that has run is forecast from its execution", () => {
    const outer = (status: number) => run({ runId: 80, name: "OUTER", objectType: "JOBP", type: "Workflow", status, startTime: NOW - 20 * MIN });
    const innerRun = (overrides: Partial<Execution>) => run({ runId: 81, name: "INNER", objectType: "JOBP", type: "Workflow", parent: 80, lineNumber: 2, startTime: NOW - 20 * MIN, ...overrides });
    const ctxWith = (innerObject: ObjectBody | undefined, children: Execution[]): PlanContext => ({
      sources: sources({ ...objects, X: job("X"), ...(innerObject === undefined ? {} : { INNER: innerObject }) }, erts),
      runs: runs({ 80: [children[0] ?? innerRun({})], 81: children.slice(1) }, { 80: chain("OUTER", ["INNER", "C"]), 81: chain("INNER", ["A", "B"]) }),
      window: { now: NOW, until: NOW + 60 * MIN },
    });

    it("cancelled while blocked: what it never ran gets no times (it will not run it), it ends as it ended and blocks what follows", async () => {
      // A failed and blocked INNER, an operator cancelled INNER at -5, and OUTER is blocked on it.
      const inner = innerRun({ status: 1851, endTime: NOW - 5 * MIN });
      const failed = run({ runId: 82, name: "A", parent: 81, lineNumber: 2, status: 1800, startTime: NOW - 20 * MIN, endTime: NOW - 10 * MIN });
      expect(await entriesOf(ctxWith(chain("INNER", ["A", "B"]), [inner, failed]), outer(1560))).toEqual([
        { name: "OUTER", start: -20, end: null, status: 1560, agent: null },
        { name: "INNER", start: -20, end: -5, status: 1851, agent: null },
        { name: "A", start: -20, end: -10, status: 1800, agent: "LOCAL" },
        { name: "B", start: null, end: null, status: null, agent: null },
        { name: "C", start: null, end: null, status: null, agent: "LOCAL" },
      ]);
    });

    it("ended, with a branch of the workflow around it taking that end: what follows goes on from its end", async () => {
      // OUTER: START → INNER(2) → C(3) → END(4), C expects INNER to end abnormally.
      const definition = chain("OUTER", ["INNER", "C"]);
      definition["line_conditions"] = [
        { workflow_line_number: "2", predecessor_line_number: "1" },
        { workflow_line_number: "3", predecessor_line_number: "2", expected_status: "ANY_ABEND" },
        { workflow_line_number: "4", predecessor_line_number: "3" },
      ];
      const inner = innerRun({ status: 1851, endTime: NOW - 5 * MIN });
      const failed = run({ runId: 82, name: "A", parent: 81, lineNumber: 2, status: 1800, startTime: NOW - 20 * MIN, endTime: NOW - 10 * MIN });
      const ctx = ctxWith(chain("INNER", ["A", "B"]), [inner, failed]);
      const c = run({ runId: 83, name: "C", parent: 80, lineNumber: 3, status: 1550, startTime: NOW - 5 * MIN });
      ctx.runs = runs({ 80: [inner, c], 81: [failed] }, { 80: definition, 81: chain("INNER", ["A", "B"]) });
      // C has run past its estimate of 2 minutes: it ends no earlier than now.
      expect(await entriesOf(ctx, outer(1550))).toEqual([
        { name: "OUTER", start: -20, end: 0, status: 1550, agent: null },
        { name: "INNER", start: -20, end: -5, status: 1851, agent: null },
        { name: "A", start: -20, end: -10, status: 1800, agent: "LOCAL" },
        { name: "B", start: null, end: null, status: null, agent: null },
        { name: "C", start: -5, end: 0, status: 1550, agent: "LOCAL" },
      ]);
    });

    it("running: planned from the definition it runs with, whether its object has changed since or is gone", async () => {
      const inner = innerRun({ status: 1550 });
      const a = run({ runId: 82, name: "A", parent: 81, lineNumber: 2, status: 1900, startTime: NOW - 20 * MIN, endTime: NOW - 15 * MIN });
      const b = run({ runId: 83, name: "B", parent: 81, lineNumber: 3, status: 1550, startTime: NOW - 5 * MIN });
      const expected = [
        { name: "OUTER", start: -20, end: 2, status: 1550, agent: null },
        { name: "INNER", start: -20, end: 0, status: 1550, agent: null },
        { name: "A", start: -20, end: -15, status: 1900, agent: "LOCAL" },
        { name: "B", start: -5, end: 0, status: 1550, agent: "LOCAL" },
        { name: "C", start: 0, end: 2, status: null, agent: "LOCAL" },
      ];
      expect(await entriesOf(ctxWith(chain("INNER", ["X"]), [inner, a, b]), outer(1550))).toEqual(expected);
      expect(await entriesOf(ctxWith(undefined, [inner, a, b]), outer(1550))).toEqual(expected);
    });

    it("a line that ended without starting (skipped) is kept as it ended, without the tasks of its object", async () => {
      const skipped = innerRun({ status: 1930, startTime: null, endTime: NOW - 20 * MIN });
      expect(await entriesOf(ctxWith(chain("INNER", ["A", "B"]), [skipped]), outer(1550))).toEqual([
        { name: "OUTER", start: -20, end: 2, status: 1550, agent: null },
        { name: "INNER", start: -20, end: -20, status: 1930, agent: null },
        { name: "C", start: 0, end: 2, status: null, agent: "LOCAL" },
      ]);
    });
  });

  it("plans a line whose object is gone as the runner starts it: it fails at once and blocks what follows, unless a branch takes that end", async () => {
    // START → A(2) → GONE(3) → C(4) → END(5); A runs until 5.
    const flow = run({ runId: 110, name: "FLOW", objectType: "JOBP", type: "Workflow", status: 1550, startTime: NOW - 5 * MIN });
    const a = run({ runId: 111, name: "A", parent: 110, lineNumber: 2, status: 1550, startTime: NOW - 5 * MIN });
    const definition = (expected: string) => {
      const body = chain("FLOW", ["A", "GONE", "C"]);
      body["line_conditions"] = [
        { workflow_line_number: "2", predecessor_line_number: "1" },
        { workflow_line_number: "3", predecessor_line_number: "2" },
        { workflow_line_number: "4", predecessor_line_number: "3", expected_status: expected },
        { workflow_line_number: "5", predecessor_line_number: "4" },
      ];
      return body;
    };
    const ctx = (expected: string): PlanContext => ({ sources: sources(objects, erts), runs: runs({ 110: [a] }, { 110: definition(expected) }), window: { now: NOW, until: NOW + 60 * MIN } });
    expect(await entriesOf(ctx("ANY_OK"), flow)).toEqual([
      { name: "FLOW", start: -5, end: null, status: 1550, agent: null },
      { name: "A", start: -5, end: 5, status: 1550, agent: "LOCAL" },
      { name: "GONE", start: 5, end: 5, status: null, agent: null },
      { name: "C", start: null, end: null, status: null, agent: "LOCAL" },
    ]);
    expect(await entriesOf(ctx("ANY_ABEND"), flow)).toEqual([
      { name: "FLOW", start: -5, end: 7, status: 1550, agent: null },
      { name: "A", start: -5, end: 5, status: 1550, agent: "LOCAL" },
      { name: "GONE", start: 5, end: 5, status: null, agent: null },
      { name: "C", start: 5, end: 7, status: null, agent: "LOCAL" },
    ]);
  });

  it("plans an execution waiting for its start time at that time, and none due after the period", async () => {
    const waiting = (dueAt: number) => run({ runId: 20, name: "A", status: 1698, dueAt });
    const ctx: PlanContext = { sources: sources(objects, erts), runs: runs({}, { 20: job("A") }), window: { now: NOW, until: NOW + 60 * MIN } };
    expect(await entriesOf(ctx, waiting(NOW + 30 * MIN))).toEqual([{ name: "A", start: 30, end: 40, status: null, agent: "LOCAL" }]);
    expect(await entriesOf(ctx, waiting(NOW + 60 * MIN))).toEqual([]);
    expect(await entriesOf(ctx, run({ runId: 20, name: "A", status: 1693 }))).toEqual([]);
  });

  it("plans a schedule's slots from now until the period ends, with its running task", async () => {
    const schedule: ObjectBody = {
      general_attributes: { name: "DAILY", type: "JSCH" },
      schedule_attributes: { timezone: "UTC" },
      schedule_definitions: [
        { line_number: "1", object_name: "A", start_time: "11:00" },
        { line_number: "2", object_name: "B", start_time: "13:00" },
      ],
    };
    const active = run({ runId: 30, name: "DAILY", objectType: "JSCH", type: "Schedule", status: 1550, startTime: NOW - 120 * MIN });
    const running = run({ runId: 31, name: "A", parent: 30, lineNumber: 1, status: 1550, startTime: NOW - 60 * MIN });
    const slot = run({ runId: 32, name: "B", parent: 30, lineNumber: 2, status: 1698, dueAt: NOW + 60 * MIN });
    const ctx: PlanContext = { sources: sources(objects, erts), runs: runs({ 30: [running, slot] }, { 30: schedule }), window: { now: NOW, until: NOW + 24 * 60 * MIN } };
    // Slots of 13:00 today and 11:00 tomorrow; 13:00 tomorrow lies after the period. A has run an hour past its estimate.
    expect(await entriesOf(ctx, active)).toEqual([
      { name: "DAILY", start: -120, end: 23 * 60 + 10, status: 1550, agent: null },
      { name: "A", start: 23 * 60, end: 23 * 60 + 10, status: null, agent: "LOCAL" },
      { name: "B", start: 60, end: 65, status: null, agent: "LOCAL" },
      { name: "A", start: -60, end: 0, status: 1550, agent: null },
    ]);
  });

  it("plans a period container's next activation under it", async () => {
    const container = run({ runId: 40, name: "A", objectType: "C_PERIOD", type: "Period Container", status: 1550, startTime: NOW - 5 * MIN });
    const next = run({ runId: 41, name: "A", parent: 40, status: 1698, dueAt: NOW + 10 * MIN, activatorObjectType: "PERIOD" });
    const ctx: PlanContext = { sources: sources(objects, erts), runs: runs({ 40: [next] }, { 41: job("A") }), window: { now: NOW, until: NOW + 60 * MIN } };
    expect(await entriesOf(ctx, container)).toEqual([
      { name: "A", start: -5, end: 20, status: 1550, agent: null },
      { name: "A", start: 10, end: 20, status: null, agent: "LOCAL" },
    ]);
  });
});
