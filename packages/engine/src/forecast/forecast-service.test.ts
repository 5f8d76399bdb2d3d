import { ALL_RIGHTS, ErrorCode, PRIVILEGES, type ObjectBody } from "@baton/contract";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Principal } from "../auth/authenticator";
import { NotFoundError } from "../domain/errors";
import { RuntimeEstimator } from "../runtime/runtime-estimator";
import { ensureClient } from "../store/clients-store";
import { openStore, type Store } from "../store/connect";
import { findAutoforecast, findForecast, insertForecast, listEntries } from "../store/forecasts-store";
import { upsertObjects } from "../store/objects-store";
import { createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";
import { placeEntries } from "./forecast-entries";
import { ForecastService } from "./forecast-service";
import { ForecastStatus } from "./forecast-status";
import { planObject } from "./plan";
import { PlanSnapshot } from "./plan-snapshot";

const START = Date.parse("2030-01-01T00:00:00Z");
const TASKS = 1000;

const admin: Principal = {
  client: 100,
  userName: "ADMIN/ADMIN",
  user: "ADMIN",
  department: "ADMIN",
  rights: { privileges: new Set(PRIVILEGES), authorizations: [{ objectType: "*", objectName: "*", bitcode: ALL_RIGHTS, prohibits: false }] },
};

/** A workflow of `count` jobs in chains of three, each chain starting after <START>. */
function bigWorkflow(count: number): { type: string; name: string; folder: string; body: string }[] {
  const jobs = Array.from({ length: count }, (_, i) => {
    const body: ObjectBody = { general_attributes: { name: `PERF.J${i}`, type: "JOBS" }, job_attributes: { agent: "LOCAL", platform: "UNIX" } };
    return { type: "JOBS", name: `PERF.J${i}`, folder: "", body: JSON.stringify(body) };
  });
  const flow: ObjectBody = {
    general_attributes: { name: "PERF.FLOW", type: "JOBP" },
    workflow_definitions: [
      { line_number: "1", object_name: "START", object_type: "<START>" },
      ...jobs.map((j, i) => ({ line_number: String(i + 2), object_name: j.name, object_type: "JOBS" })),
      { line_number: String(count + 2), object_name: "END", object_type: "<END>" },
    ],
    line_conditions: Array.from({ length: count + 1 }, (_, i) => ({ workflow_line_number: String(i + 2), predecessor_line_number: String(i % 3 === 0 ? 1 : i + 1) })),
  };
  return [...jobs, { type: "JOBP", name: "PERF.FLOW", folder: "", body: JSON.stringify(flow) }];
}

describe.each(testDialects)("forecast service on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let service: ForecastService;
  let now: number;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    now = START;
    const clock = { now: () => now };
    const logger = pino({ level: "silent" });
    service = new ForecastService({
      store,
      clock,
      logger,
      estimator: new RuntimeEstimator({ store, clock, logger }),
      agents: new Map(),
      execution: async (_principal, runId) => {
        throw new NotFoundError(ErrorCode.RUN_ID_NOT_FOUND, "Execution not found.", `Cannot find task with RunID '${runId}'.`);
      },
    });
  });

  afterEach(async () => {
    await service.idle();
    await store.close();
    await database.drop();
  });

  const calculating = () => insertForecast(store.db, { client: 100, type: "FCST", title: "T", user: "ADMIN/ADMIN", status: ForecastStatus.CALCULATING, subject: null, startTime: START, endTime: START, createdAt: START, request: "{}" });

  it("ends forecasts a stopped engine left calculating, saying so", async () => {
    const id = await calculating();
    expect(await service.recover()).toBe(1);
    expect(await findForecast(store.db, 100, id)).toMatchObject({ status: 1815, lastErrorCode: ErrorCode.FORECAST_INTERRUPTED, lastErrorMessage: expect.stringMatching(/engine stopped/) });
  });

  it("deletes an unfinished forecast only with force", async () => {
    const id = await calculating();
    expect(await service.remove(admin, [id, 424242], false)).toEqual([id]);
    expect(await findForecast(store.db, 100, id)).toBeDefined();
    expect(await service.remove(admin, [id], true)).toEqual([]);
    expect(await findForecast(store.db, 100, id)).toBeUndefined();
  });

  it("moves the autoforecast's start_time to each recomputation, the time the console shows it was computed", async () => {
    await ensureClient(store.db, 100, "Test", START);
    await service.refreshAutoforecasts();
    const first = await findAutoforecast(store.db, 100);
    expect(first).toMatchObject({ status: 1900, startTime: START });
    now = START + 3_600_000;
    await service.refreshAutoforecasts();
    expect(await findAutoforecast(store.db, 100)).toMatchObject({ id: first?.id, status: 1900, startTime: START + 3_600_000 });
  });

  it(`forecasts a ${TASKS}-task workflow (engine time reported)`, async () => {
    await upsertObjects(store.db, 100, bigWorkflow(TASKS), "ADMIN/ADMIN", START);
    // Planning, simulation and entries alone, from objects already loaded: best of five runs in wall
    // and CPU time, as the machine running the tests is shared.
    const snapshot = await PlanSnapshot.load({ db: store.db, estimator: new RuntimeEstimator({ store, clock: { now: () => START }, logger: pino({ level: "silent" }) }), connectedAgents: () => ["LOCAL"], agentMaxJobs: () => undefined }, 100, ["PERF.FLOW"], [], { option: "registration" });
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < 5; i++) {
      const began = performance.now();
      const cpuBefore = process.cpuUsage();
      await placeEntries(await planObject(snapshot, "PERF.FLOW", START), snapshot.limits(), async () => undefined);
      const used = process.cpuUsage(cpuBefore);
      wall.push(performance.now() - began);
      cpu.push((used.user + used.system) / 1000);
    }
    // The whole calculation as the REST call runs it: loading objects and runtimes, planning, simulating, storing 1,001 entries.
    const began = performance.now();
    const id = await service.create(admin, { forecast_option: "object", object: { name: "PERF.FLOW", start: new Date(START).toISOString(), title: "perf", ert_group_option: "registration" } });
    await service.idle();
    const whole = performance.now() - began;
    const ms = (values: number[]) => values.map((t) => t.toFixed(1)).join(", ");
    console.info(`${TASKS}-task workflow on ${dialect}: plan + simulate + entries best ${Math.min(...wall).toFixed(1)} ms wall, ${Math.min(...cpu).toFixed(1)} ms CPU (runs: ${ms(wall)} wall; ${ms(cpu)} CPU); whole calculation with loading and storing ${whole.toFixed(1)} ms`);
    expect(await findForecast(store.db, 100, id)).toMatchObject({ status: 1900 });
    const entries = (await listEntries(store.db, [id], {})).get(id) ?? [];
    expect(entries).toHaveLength(TASKS + 1);
    // Chains of three jobs of 60 s each, all side by side.
    expect(Math.max(...entries.map((e) => e.estimatedEnd ?? 0)) - START).toBe(3 * 60_000);
  });
});
