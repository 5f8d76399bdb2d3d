import type { ObjectBody } from "@baton/contract";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { isTimeZone } from "../domain/time-zone";
import { NotForecastable, planObject, type PlanSources } from "./plan";
import { simulate } from "./simulate";

/** Objects of a client as plain definitions: planning reads nothing else. */
function sources(objects: Record<string, ObjectBody>, erts: Record<string, number> = {}): PlanSources {
  return {
    object: async (name) => {
      const body = objects[name];
      return body && { type: String(body.general_attributes.type), body };
    },
    ertSeconds: async (name) => erts[name],
    executionErtSeconds: async (name, activatedWith) => activatedWith ?? erts[name],
    agentFor: async (agent) => (agent === "GROUP" ? "MEMBER1" : agent),
    timeZone: async (name) => {
      if (!isTimeZone(name)) throw new Error(`'${name}' is not a time zone`);
      return name;
    },
  };
}

const job = (name: string, agent = "LOCAL"): ObjectBody => ({ general_attributes: { name, type: "JOBS" }, job_attributes: { agent, platform: "UNIX" } });
const flow = (name: string, tasks: string[], chain = true): ObjectBody => ({
  general_attributes: { name, type: "JOBP" },
  workflow_definitions: [
    { line_number: "1", object_name: "START", object_type: "<START>" },
    ...tasks.map((t, i) => ({ line_number: String(i + 2), object_name: t, object_type: "JOBS" })),
    { line_number: String(tasks.length + 2), object_name: "END", object_type: "<END>" },
  ],
  line_conditions: chain ? tasks.map((_, i) => ({ workflow_line_number: String(i + 2), predecessor_line_number: String(i + 1) })) : [],
});

const T0 = Date.parse("2026-03-28T22:00:00Z");

describe("planObject", () => {
  it("refuses a plan of more tasks than it holds, before it holds them: five workflows of 20 lines each nested are 3.2 million", async () => {
    const objects: Record<string, ObjectBody> = { OK: job("OK") };
    for (let level = 1; level <= 5; level++) objects[`FAN${level}`] = flow(`FAN${level}`, Array<string>(20).fill(level === 1 ? "OK" : `FAN${level - 1}`), false);
    await expect(planObject(sources(objects), "FAN5", T0)).rejects.toThrow(new NotForecastable("a run of 'FAN5' would hold more than 10000 tasks"));
    // Three levels (8,000 tasks and their markers) are planned whole.
    expect((await planObject(sources(objects), "FAN3", T0)).filter((e) => e.name === "OK")).toHaveLength(8000);
  });

  it("plans a job with its ERT, agent (through its group), platform and queue", async () => {
    const [entry] = await planObject(sources({ A: job("A", "GROUP") }, { A: 42 }), "a", T0);
    expect(entry).toMatchObject({ key: "1", name: "A", type: "JOBS", ertSeconds: 42, agent: "MEMBER1", platform: "UNIX", queue: "CLIENT_QUEUE", notBefore: T0 });
  });

  it("expands a workflow into its tasks, nested ones too, and 60 s for tasks without history", async () => {
    const plan = await planObject(sources({ OUTER: flow("OUTER", ["A", "INNER"]), INNER: flow("INNER", ["B", "C"]), A: job("A"), B: job("B"), C: job("C") }, { A: 10, B: 20 }), "OUTER", T0);
    const placed = simulate(plan);
    const seconds = (key: string) => [((placed.get(key)?.start ?? 0) - T0) / 1000, ((placed.get(key)?.end ?? 0) - T0) / 1000];
    expect(plan.filter((e) => !e.hidden).map((e) => [e.key, e.name, e.containerType])).toEqual([
      ["1", "OUTER", undefined],
      ["1/2", "A", "JOBP"],
      ["1/3", "INNER", "JOBP"],
      ["1/3/2", "B", "JOBP"],
      ["1/3/3", "C", "JOBP"],
    ]);
    expect(seconds("1/2")).toEqual([0, 10]);
    expect(seconds("1/3/2")).toEqual([10, 30]);
    expect(seconds("1/3/3")).toEqual([30, 90]);
    expect(seconds("1")).toEqual([0, 90]);
  });

  it("plans a schedule's slots over the days its calendar allows, at local start times across a DST change", async () => {
    // 29 March 2026: clocks in Vienna go from 02:00 to 03:00.
    const days = Array<string>(372).fill("1");
    days[2 * 31 + 28] = "0"; // 29 March is not in the calendar
    const objects = {
      NIGHT: {
        general_attributes: { name: "NIGHT", type: "JSCH" },
        schedule_attributes: { timezone: "Europe/Vienna" },
        schedule_definitions: [
          { line_number: "1", object_name: "A", start_time: "02:30" },
          { line_number: "2", object_name: "A", start_time: "06:00", calendar: "WORKDAYS", calendar_event: "ON" },
        ],
      },
      WORKDAYS: { general_attributes: { name: "WORKDAYS", type: "CALE" }, events: [{ line_number: "1", name: "ON" }], calendar_definitions: [{ event_line_number: "1", year: "2026", content: days.join("") }] },
      A: job("A"),
    };
    const plan = await planObject(sources(objects), "NIGHT", T0, 2);
    const starts = plan.filter((e) => e.name === "A").map((e) => DateTime.fromMillis(e.notBefore, { zone: "Europe/Vienna" }).toFormat("MM-dd HH:mm"));
    expect(starts).toEqual(["03-29 03:30", "03-30 02:30", "03-30 06:00"]);
  });

  it("plans a line whose object is missing or does not run as the runner starts it: it fails at once and blocks its workflow", async () => {
    const objects = { OUTER: flow("OUTER", ["A", "GONE", "V", "B"]), A: job("A"), B: job("B"), V: { general_attributes: { name: "V", type: "VARA" } } };
    const plan = await planObject(sources(objects, { A: 10, B: 20 }), "OUTER", T0);
    expect(plan.filter((e) => !e.hidden).map((e) => [e.key, e.name, e.type, e.ertSeconds, e.blocks === true])).toEqual([
      ["1", "OUTER", "JOBP", 0, false],
      ["1/2", "A", "JOBS", 10, false],
      ["1/3", "GONE", "JOBS", 0, true],
      ["1/4", "V", "JOBS", 0, true],
      ["1/5", "B", "JOBS", 20, false],
    ]);
    const placed = simulate(plan);
    expect([placed.get("1/3"), placed.get("1/4"), placed.get("1/5"), placed.get("1")]).toEqual([{ start: T0 + 10_000, end: T0 + 10_000 }, undefined, undefined, { start: T0, end: undefined }]);

    // A schedule ends such a slot at its time and goes on.
    const schedule = { general_attributes: { name: "S", type: "JSCH" }, schedule_attributes: { timezone: "UTC" }, schedule_definitions: [{ line_number: "1", object_name: "GONE", start_time: "23:00" }] };
    expect(await planObject(sources({ S: schedule }), "S", T0)).toEqual([
      { key: "1", predecessors: [], notBefore: T0, name: "S", type: "JSCH", ertSeconds: 0, container: true },
      { key: "1/1", parentKey: "1", predecessors: [], notBefore: T0 + 3_600_000, name: "GONE", type: "JOBS", ertSeconds: 0, container: false, containerType: "JSCH" },
    ]);
  });

  it("refuses what cannot be forecast, saying why", async () => {
    await expect(planObject(sources({}), "MISSING", T0)).rejects.toThrow(new NotForecastable("object 'MISSING' does not exist"));
    await expect(planObject(sources({ LOOP: flow("LOOP", ["LOOP"]) }), "LOOP", T0)).rejects.toThrow(/contains itself/);
    await expect(planObject(sources({ V: { general_attributes: { name: "V", type: "VARA" } } }), "V", T0)).rejects.toThrow(/does not run/);
  });
});
