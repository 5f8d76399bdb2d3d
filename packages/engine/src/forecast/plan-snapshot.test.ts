import type { ObjectBody } from "@baton/contract";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { RuntimeEstimator } from "../runtime/runtime-estimator";
import type { Store } from "../store/connect";
import { upsertObjects } from "../store/objects-store";
import { eachWithFreshStore, testDialects } from "../testing/test-databases";
import { PlanSnapshot } from "./plan-snapshot";

const NOW = Date.parse("2030-01-01T00:00:00Z");

const job = (name: string, seconds: number, queue?: string): ObjectBody => ({
  general_attributes: { name, type: "JOBS", ert_method: "FIXED", ert_fixed: String(seconds), ...(queue === undefined ? {} : { queue }) },
  job_attributes: { agent: "LOCAL", platform: "UNIX" },
});
const flow = (name: string, tasks: string[]): ObjectBody => ({
  general_attributes: { name, type: "JOBP" },
  workflow_definitions: [
    { line_number: "1", object_name: "START", object_type: "<START>" },
    ...tasks.map((t, i) => ({ line_number: String(i + 2), object_name: t, object_type: "JOBS" })),
    { line_number: String(tasks.length + 2), object_name: "END", object_type: "<END>" },
  ],
});

describe.each(testDialects)("plan snapshot on %s", (dialect) => {
  let store: Store;
  eachWithFreshStore(dialect, (fresh) => (store = fresh.store));

  it("loads what planning reaches from elsewhere (a nested run's own definition) when it first asks, with its runtime and queue", async () => {
    const rows = { FLOW: flow("FLOW", ["A"]), A: job("A", 30), B: job("B", 45, "Q1"), Q1: { general_attributes: { name: "Q1", type: "QUEUE" }, queue_attributes: { max_slots: 1 } } };
    await upsertObjects(store.db, 100, Object.entries(rows).map(([name, body]) => ({ type: String(body.general_attributes.type), name, folder: "", body: JSON.stringify(body) })), "ADMIN/ADMIN", NOW);
    const logger = pino({ level: "silent" });
    const deps = { db: store.db, estimator: new RuntimeEstimator({ store, clock: { now: () => NOW }, logger }), connectedAgents: () => ["LOCAL"], agentMaxJobs: () => undefined };
    const snapshot = await PlanSnapshot.load(deps, 100, ["FLOW"], [], { option: "registration" });

    expect(await snapshot.ertSeconds("A")).toBe(30);
    // B is not reached from FLOW: a run of a workflow that named it, when FLOW named it, is planned from that definition.
    expect(snapshot.limits().queueSlots("Q1")).toBeUndefined();
    expect(await snapshot.object("B")).toMatchObject({ type: "JOBS" });
    expect(await snapshot.ertSeconds("B")).toBe(45);
    expect(snapshot.limits().queueSlots("Q1")).toBe(1);
    expect(await snapshot.object("GONE")).toBeUndefined();
  });
});
