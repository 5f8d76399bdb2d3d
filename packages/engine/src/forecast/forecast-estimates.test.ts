import { ALL_RIGHTS, ErrorCode, PRIVILEGES, Status, type ObjectBody } from "@baton/contract";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Principal } from "../auth/authenticator";
import { NotFoundError } from "../domain/errors";
import { executionErt } from "../executions/execution-ert";
import { RuntimeEstimator } from "../runtime/runtime-estimator";
import { openStore, type Store } from "../store/connect";
import { findExecution, insertExecution } from "../store/executions-store";
import { listEntries } from "../store/forecasts-store";
import { upsertObjects } from "../store/objects-store";
import { newExecution } from "../testing/new-execution";
import { createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";
import { ForecastService } from "./forecast-service";

const NOW = Date.parse("2030-01-01T00:00:00Z");
const START = Date.parse("2030-01-02T06:00:00Z");

const admin: Principal = {
  client: 100,
  userName: "ADMIN/ADMIN",
  user: "ADMIN",
  department: "ADMIN",
  rights: { privileges: new Set(PRIVILEGES), authorizations: [{ objectType: "*", objectName: "*", bitcode: ALL_RIGHTS, prohibits: false }] },
};

const job = (name: string, attributes: Record<string, string> = {}): ObjectBody => ({ general_attributes: { name, type: "JOBS", ...attributes }, job_attributes: { agent: "LOCAL", platform: "UNIX" } });

/** START → each task one after the other → END. */
function chain(name: string, tasks: readonly string[]): ObjectBody {
  const end = tasks.length + 2;
  return {
    general_attributes: { name, type: "JOBP" },
    workflow_definitions: [
      { line_number: "1", object_name: "START", object_type: "<START>" },
      ...tasks.map((task, i) => ({ line_number: String(i + 2), object_name: task, object_type: "JOBS" })),
      { line_number: String(end), object_name: "END", object_type: "<END>" },
    ],
    line_conditions: [...tasks.map((_, i) => ({ workflow_line_number: String(i + 2), predecessor_line_number: String(i + 1) })), { workflow_line_number: String(end), predecessor_line_number: String(end - 1) }],
  };
}

/**
 * The estimate a forecast counts for each task is the one the engine gives executions of it: the
 * object's ERT learnt from its OK runs (or its FIXED one), the 60 s default only for an object
 * without one (never run, or never run OK).
 */
describe.each(testDialects)("the runtimes forecasts count on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let estimator: RuntimeEstimator;
  let service: ForecastService;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    const clock = { now: () => NOW };
    const logger = pino({ level: "silent" });
    estimator = new RuntimeEstimator({ store, clock, logger });
    service = new ForecastService({
      store,
      clock,
      logger,
      estimator,
      agents: new Map(),
      execution: async (_principal, runId) => {
        const found = await findExecution(store.db, 100, runId);
        if (found === undefined) throw new NotFoundError(ErrorCode.RUN_ID_NOT_FOUND, "Execution not found.", `Cannot find task with RunID '${runId}'.`);
        return found;
      },
    });
  });

  afterEach(async () => {
    await service.idle();
    await store.close();
    await database.drop();
  });

  /** Runs of the object that ended with `status` after `seconds` each, then the engine's reaction to an OK end. */
  async function ran(name: string, status: number, seconds: readonly number[]): Promise<void> {
    for (const [i, s] of seconds.entries()) {
      const start = NOW - (i + 1) * 3_600_000;
      await insertExecution(store.db, newExecution({ name, status, startTime: start, endTime: start + s * 1000 }), "{}", start);
    }
    if (status === Status.ENDED_OK) await estimator.afterOk(100, name);
  }

  it("counts each task's ERT, the same the engine's estimate of a waiting workflow gives it, and 60 s only without one", async () => {
    const objects: Record<string, ObjectBody> = {
      "F.KNOWN": job("F.KNOWN"),
      "F.FAILING": job("F.FAILING"),
      "F.NEW": job("F.NEW"),
      "F.FIXED": job("F.FIXED", { ert_method: "FIXED", ert_fixed: "90" }),
      "F.FLOW": chain("F.FLOW", ["F.KNOWN", "F.FAILING", "F.NEW", "F.FIXED"]),
    };
    await upsertObjects(
      store.db,
      100,
      Object.entries(objects).map(([name, body]) => ({ name, type: String(body.general_attributes.type), folder: "", body: JSON.stringify(body) })),
      "ADMIN/ADMIN",
      NOW,
    );
    await ran("F.KNOWN", Status.ENDED_OK, [30, 30, 30]);
    await ran("F.FAILING", Status.ENDED_NOT_OK, [5, 5]);

    const id = await service.create(admin, { forecast_option: "object", object: { name: "F.FLOW", start: new Date(START).toISOString(), title: "runtimes", ert_group_option: "registration" } });
    await service.idle();
    const entries = (await listEntries(store.db, [id], {})).get(id) ?? [];
    const runtimes = Object.fromEntries(entries.map((e) => [e.name, e.estimatedRuntime]));
    expect(runtimes).toEqual({ "F.FLOW": 30 + 60 + 60 + 90, "F.KNOWN": 30, "F.FAILING": 60, "F.NEW": 60, "F.FIXED": 90 });

    // The engine's estimate of a workflow waiting for its start gives the same task the same number.
    const waiting = await insertExecution(store.db, newExecution({ name: "F.FLOW", objectType: "JOBP", type: "Workflow", status: Status.WAITING_FOR_START_TIME, dueAt: START }), JSON.stringify(objects["F.FLOW"]), NOW);
    const ert = await executionErt(store.db, estimator, waiting, objects["F.FLOW"] ?? { general_attributes: { name: "" } }, NOW);
    expect(ert.estimated_erts).toEqual({ "-2": 30, "-3": 60, "-4": 60, "-5": 90 });
  });

  it("counts a running job's own ERT, the one it was activated with, as the engine's estimate of it does", async () => {
    await upsertObjects(store.db, 100, [{ name: "F.LONG", type: "JOBS", folder: "", body: JSON.stringify(job("F.LONG")) }], "ADMIN/ADMIN", NOW);
    await ran("F.LONG", Status.ENDED_OK, [30]);
    // Activated when its estimate was 10 minutes; it has run 2 of them.
    const running = await insertExecution(store.db, newExecution({ name: "F.LONG", status: Status.ACTIVE, startTime: NOW - 120_000, estimatedRuntime: 600, agent: "LOCAL" }), JSON.stringify(job("F.LONG")), NOW);
    const id = await service.create(admin, { forecast_option: "execution", execution: { run_id: running.runId, title: "running", days: 1, ert_group_option: "registration" } });
    await service.idle();
    const [entry] = (await listEntries(store.db, [id], {})).get(id) ?? [];
    expect(entry).toMatchObject({ name: "F.LONG", estimatedStart: NOW - 120_000, estimatedEnd: NOW + 480_000, estimatedRuntime: 600 });
    expect((await executionErt(store.db, estimator, running, job("F.LONG"), NOW)).rrt).toBe(480);
  });
});
