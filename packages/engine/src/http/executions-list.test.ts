import type { Server } from "node:http";
import { ErrorCode, OutExecutionList, OutValidationError, Status } from "@baton/contract";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { basicAuthorization } from "../auth/basic-credentials";
import type { Execution } from "../domain/execution";
import { createEngine } from "../engine";
import type { Engine } from "../engine-api";
import { addComment } from "../store/comments-store";
import { openStore, type Store } from "../store/connect";
import { insertExecution, type NewExecution } from "../store/executions-store";
import { setRecurring } from "../store/period-containers-store";
import { newExecution } from "../testing/new-execution";
import { serveRest } from "../testing/serve-rest";
import { createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";

/** 2024-05-01T06:00:00Z: the seeds' times are seconds after it. */
const T = Date.UTC(2024, 4, 1, 6, 0, 0);
const at = (seconds: number) => T + seconds * 1000;
const iso = (seconds: number) => new Date(at(seconds)).toISOString().replace(".000Z", "Z");

/** The workflow the seeded tasks belong to: line 3 follows line 2, which follows <START>. */
const WORKFLOW = {
  general_attributes: { name: "WF.MAIN", type: "JOBP" },
  workflow_definitions: [
    { line_number: 1, object_name: "START", object_type: "<START>" },
    { line_number: 2, object_name: "WF.LOAD", object_type: "JOBS" },
    { line_number: 3, object_name: "WF.REPORT", object_type: "JOBS" },
    { line_number: 4, object_name: "END", object_type: "<END>" },
  ],
  line_conditions: [{ workflow_line_number: 3, predecessor_line_number: 2 }],
};

function execution(client: number, overrides: Partial<NewExecution>): NewExecution {
  return newExecution({ client, activationTime: T, ...overrides });
}

/** An execution that ran from `from` to `to` seconds after T (`to` null: still running). */
function ran(from: number, to: number | null, overrides: Partial<NewExecution>): Partial<NewExecution> {
  return { activationTime: at(from), startTime: at(from + 1), endTime: to === null ? null : at(to), ...overrides };
}

describe.each(testDialects)("GET /{client_id}/executions on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let engine: Engine;
  let server: Server;
  let base = "";
  /** The seeded executions of client 100 by label. */
  const seeded = new Map<string, Execution>();
  /** An execution of client 0 whose run_id lies between those of client 100. */
  let foreign: Execution;
  /** The executions of client 0, for the lists with many matches. */
  const many: Execution[] = [];

  const seed = async (label: string, client: number, overrides: Partial<NewExecution>, definition: unknown = {}): Promise<Execution> => {
    const inserted = await insertExecution(store.db, execution(client, overrides), JSON.stringify(definition), T);
    seeded.set(label, inserted);
    return inserted;
  };
  const id = (label: string): number => {
    const found = seeded.get(label);
    if (found === undefined) throw new Error(`no seed ${label}`);
    return found.runId;
  };
  const ids = (...labels: string[]) => labels.map(id);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    // The engine's time stands still: a running execution's runtime is the same in every read, so
    // two reads compare equal even when the wall clock crosses a second between them.
    const now = Date.now();
    engine = await createEngine({ store, agents: [], logger: pino({ level: "silent" }), adminPassword: "pw", clock: { now: () => now } });
    ({ server, base } = await serveRest(engine.handleRest));

    await seed("backup", 100, ran(0, 61, { name: "NIGHTLY.BACKUP", agent: "WIN01", platform: "WINDOWS", archiveKey1: "Billing", archiveKey2: "eu-west" }));
    await seed("cleanup", 100, ran(60, 3600, { name: "NIGHTLY.CLEANUP", status: Status.ENDED_NOT_OK, agent: "UNIX01", platform: "UNIX", user: "OPS/NIGHT", queue: "Q.BATCH", archiveKey1: "billing-2" }));
    // Activated half a second into its second: a frame ending at that second still holds it.
    await seed("report", 100, { ...ran(120, null, { name: "REPORT.DAILY", objectType: "SCRI", type: "Script", status: Status.ACTIVE, user: "OPS/NIGHT", alias: "DAILY.A" }), activationTime: at(120) + 500 });
    await seed("workflow", 100, ran(180, 500, { name: "WF.MAIN", objectType: "JOBP", type: "Workflow" }), WORKFLOW);
    await seed("load", 100, ran(181, 241, { name: "WF.LOAD", parent: id("workflow"), lineNumber: 2, activatorObjectType: "JOBP", agent: "UNIX01", platform: "UNIX" }));
    foreign = await insertExecution(store.db, execution(0, { name: "OTHER.CLIENT" }), "{}", T);
    await seed("task", 100, ran(182, 242, { name: "WF.REPORT", parent: id("workflow"), lineNumber: 3, activatorObjectType: "JOBP", status: Status.ENDED_NOT_OK, agent: "UNIX02", platform: "UNIX" }));
    await seed("restart1", 100, ran(300, 360, { name: "WF.REPORT", parent: id("workflow"), lineNumber: 3, activatorObjectType: "JOBP", referenceRunId: id("task"), restartCount: 1, restartPredecessor: id("task"), agent: "UNIX02", platform: "UNIX" }));
    await seed("restart2", 100, ran(400, 460, { name: "WF.REPORT", parent: id("workflow"), lineNumber: 3, activatorObjectType: "JOBP", referenceRunId: id("task"), restartCount: 2, restartPredecessor: id("restart1"), agent: "UNIX02", platform: "UNIX" }));
    await seed("period", 100, ran(500, null, { name: "NIGHTLY.BACKUP", objectType: "C_PERIOD", type: "Period Container", status: Status.ACTIVE }));
    await setRecurring(store.db, 100, id("period"), JSON.stringify({ executeAt: "08:00", objectType: "JOBS", timezone: "UTC" }));
    // Two activations in the same millisecond: the higher run_id comes first.
    await seed("underscore", 100, ran(600, 660, { name: "NIGHTLY_X", agent: "UNIX01", platform: "UNIX" }));
    await seed("dot", 100, ran(600, 660, { name: "NIGHTLY.X", agent: "UNIX01", platform: "UNIX" }));
    await seed("notice", 100, ran(700, 700, { name: "CALL.OPS", objectType: "CALL", type: "Notification" }));
    await addComment(store.db, 100, id("cleanup"), { timestamp: at(4000), comment: "disk was full", user: "OPS/NIGHT" });
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await engine.close();
    await database.drop();
  });

  const get = (path: string) => fetch(`${base}${path}`, { headers: { authorization: basicAuthorization({ user: "ADMIN", department: "ADMIN", password: "pw" }) } });

  async function list(query: string, client = 100): Promise<OutExecutionList> {
    const response = await get(`/${client}/executions${query === "" ? "" : `?${query}`}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return OutExecutionList.parse(await response.json());
  }

  /** The run_ids a query lists, in order. */
  const listed = async (query: string) => (await list(query)).data.map((e) => e.run_id);

  /** The newest-first order of the list: activation time, then run_id. */
  const newestFirst = (labels: string[]) =>
    labels
      .map((l) => seeded.get(l))
      .filter((e): e is Execution => e !== undefined)
      .sort((a, b) => b.activationTime - a.activationTime || b.runId - a.runId)
      .map((e) => e.runId);

  const ALL = ["backup", "cleanup", "report", "workflow", "load", "task", "restart1", "restart2", "period", "underscore", "dot", "notice"];
  const except = (...labels: string[]) => ALL.filter((l) => !labels.includes(l));

  describe("order and paging", () => {
    it("lists newest activation first, ties broken by the higher run_id, with total and hasmore", async () => {
      const all = await list("");
      expect(all.total).toBe(12);
      expect(all.hasmore).toBe(false);
      expect(all.data.map((e) => e.run_id)).toEqual(newestFirst(ALL));
      expect(all.data.slice(1, 3).map((e) => e.run_id)).toEqual(ids("dot", "underscore"));
    });

    it("cuts pages at max_results: hasmore only when more match than the page holds", async () => {
      const first = await list("max_results=5");
      expect(first).toMatchObject({ total: 12, hasmore: true });
      expect(first.data.map((e) => e.run_id)).toEqual(newestFirst(ALL).slice(0, 5));
      expect(await list("max_results=11")).toMatchObject({ total: 12, hasmore: true });
      expect(await list("max_results=12")).toMatchObject({ total: 12, hasmore: false });
      expect((await list("max_results=13")).data).toHaveLength(12);
    });

    // start_at_run_id is the RunID of the last entry of the previous page (docs/decisions.md, "Vendor wire behaviour").
    it("continues below start_at_run_id in the list's order, that execution excluded, total unchanged", async () => {
      const order = newestFirst(ALL);
      const below = (label: string) => order.slice(order.indexOf(id(label)) + 1);
      const page = await list(`start_at_run_id=${id("task")}`);
      expect(page).toMatchObject({ total: 12, hasmore: false });
      expect(page.data.map((e) => e.run_id)).toEqual(below("task"));
      expect(await list(`start_at_run_id=${id("task")}&max_results=4`)).toMatchObject({ total: 12, hasmore: true });
      expect(await list(`start_at_run_id=${id("task")}&max_results=5`)).toMatchObject({ total: 12, hasmore: false });
      expect(await listed(`start_at_run_id=${id("task")}&max_results=3`)).toEqual(below("task").slice(0, 3));
      // Activated in the same millisecond: the lower run_id follows the higher.
      expect(await listed(`start_at_run_id=${id("dot")}&max_results=1`)).toEqual(ids("underscore"));
      // The cursor combines with the filters; total counts the whole filtered list.
      expect(await list(`start_at_run_id=${id("period")}&name=NIGHTLY.*`)).toMatchObject({ total: 4, data: [{ run_id: id("cleanup") }, { run_id: id("backup") }], hasmore: false });
      expect(await list(`start_at_run_id=${id("backup")}`)).toEqual({ total: 12, data: [], hasmore: false });
    });

    it("holds the place of a start_at_run_id the filter does not match or the client does not have", async () => {
      // The execution no longer matches (e.g. its status changed since the previous page): its place in the order still holds.
      expect(await listed(`start_at_run_id=${id("task")}&name=NIGHTLY.*`)).toEqual(ids("cleanup", "backup"));
      // Another client's RunID stands where it would be among this client's: between "load" and "task".
      expect(await listed(`start_at_run_id=${foreign.runId}`)).toEqual(newestFirst(["load", "workflow", "report", "cleanup", "backup"]));
      expect(await listed("start_at_run_id=2147483647")).toEqual(newestFirst(ALL));
      // Not a RunID: the first page.
      expect(await list("start_at_run_id=0")).toMatchObject({ total: 12, data: newestFirst(ALL).map((run_id) => ({ run_id })) });
      expect((await list("start_at_run_id=-5")).data).toHaveLength(12);
    });

    it("finds one execution by run_id, and none of another client", async () => {
      expect(await listed(`run_id=${id("load")}`)).toEqual(ids("load"));
      expect(await list(`run_id=${foreign.runId}`)).toEqual({ total: 0, data: [], hasmore: false });
    });
  });

  describe("filters", () => {
    it.each([
      ["name=nightly.*", ["backup", "cleanup", "period", "dot"]],
      ["name=NIGHTLY?X", ["underscore", "dot"]],
      ["name=NIGHTLY_X", ["underscore"]],
      ["name=WF.REPORT", ["task", "restart1", "restart2"]],
      ["name=*.X", ["dot"]],
      ["name=NIGHTLY.*&name_exclude=true", except("backup", "cleanup", "period", "dot")],
      ["name=NIGHTLY.*&name_exclude=false", ["backup", "cleanup", "period", "dot"]],
      ["name_exclude=true", ALL],
      ["alias=daily.*", ["report"]],
      // An execution not given an alias goes by its name, as the vendor writes it (docs/decisions.md).
      ["alias=*", ALL],
      ["alias=REPORT.DAILY", []],
      ["alias=WF.*", ["workflow", "load", "task", "restart1", "restart2"]],
      ["type=JOBP", ["workflow"]],
      ["type=Workflow", ["workflow"]],
      ["type=notification,SCRI", ["notice", "report"]],
      ["type=Period Container", ["period"]],
      ["type=Cockpit", []],
      ["status=1800", ["cleanup", "task"]],
      ["status=ANY_ACTIVE", ["report", "period"]],
      ["status=1800-1899,1550", ["cleanup", "task", "report", "period"]],
      ["agent=WIN01", ["backup"]],
      ["agent=unix0?", ["cleanup", "load", "task", "restart1", "restart2", "underscore", "dot"]],
      ["agent=UNIX*&agent_exclude=true", ["backup", "report", "workflow", "period", "notice"]],
      ["platform=windows", ["backup"]],
      ["platform=UNIX,WINDOWS", ["backup", "cleanup", "load", "task", "restart1", "restart2", "underscore", "dot"]],
      ["queue=Q.BATCH", ["cleanup"]],
      ["queue=q.batch,CLIENT_QUEUE", ALL],
      ["user=OPS/NIGHT", ["cleanup", "report"]],
      ["user=ops/*", ["cleanup", "report"]],
      ["user=OPS/*&user_exclude=true", except("cleanup", "report")],
      ["archive_key1=billing*", ["backup", "cleanup"]],
      ["archive_key1=BILLING", ["backup"]],
      ["archive_key1=billing*&archive_key1_exclude=true", except("backup", "cleanup")],
      ["archive_key2=EU-*", ["backup"]],
      ["archive_key2=eu-west&archive_key2_exclude=1", except("backup")],
      ["commented_only=true", ["cleanup"]],
      ["commented_only=false", ALL],
      ["include_deactivated=true", ALL],
      ["include_deactivated=False", ALL],
      ["modified_only=true", []],
      ["modified_only=false", ALL],
      ["remote_status_number=1200", []],
      ["remote_status_text=Executed", []],
      ["zdu_version=B", []],
      ["zdu_version=t", []],
      ["sync_usage=SYNC1,SYNC2", []],
      ["sync_usage=", ALL],
      ["name=&user=", ALL],
      ["status=1800&agent=UNIX02&queue=CLIENT_QUEUE", ["task"]],
    ])("%s", async (query, labels) => {
      const page = await list(query);
      expect(page.data.map((e) => e.run_id)).toEqual(newestFirst(labels));
      expect(page.total).toBe(labels.length);
    });

    it("filters by reference_run_id: the restarts of an execution, or with 0 the executions that are no restart", async () => {
      expect(await listed(`reference_run_id=${id("task")}`)).toEqual(newestFirst(["restart1", "restart2"]));
      expect(await listed("reference_run_id=0")).toEqual(newestFirst(except("restart1", "restart2")));
    });
  });

  describe("time frames", () => {
    it.each([
      // Bounds are inclusive whole seconds: the frame ending at 06:02:00 holds 06:02:00.500.
      ["activation", 60, 120, ["cleanup", "report"]],
      ["activation", 61, 119, []],
      ["start", 61, 121, ["cleanup", "report"]],
      ["end", 3600, 3600, ["cleanup"]],
      ["end", 241, 360, ["load", "task", "restart1"]],
      // all: the lifetime (activation to end, or on while running) overlaps the frame.
      ["all", 3000, 3000, ["cleanup", "report", "period"]],
      ["all", 240, 300, ["cleanup", "report", "workflow", "load", "task", "restart1"]],
    ])("time_frame_option=%s from +%is to +%is", async (option, from, to, labels) => {
      expect(await listed(`time_frame_option=${option}&time_frame_from=${iso(from)}&time_frame_to=${iso(to)}`)).toEqual(newestFirst(labels));
    });

    it("takes open frames, and `all` when no option is given", async () => {
      expect(await listed(`time_frame_from=${iso(3000)}`)).toEqual(newestFirst(["cleanup", "report", "period"]));
      expect(await listed(`time_frame_to=${iso(60)}`)).toEqual(newestFirst(["backup", "cleanup"]));
      expect(await listed(`time_frame_option=END&time_frame_from=${iso(700)}`)).toEqual(newestFirst(["cleanup", "notice"]));
      expect(await listed(`time_frame_option=start&time_frame_to=${iso(1)}`)).toEqual(newestFirst(["backup"]));
      expect((await list("time_frame_option=activation")).total).toBe(12);
    });
  });

  describe("fields", () => {
    it("adds restarts: the restarts of the execution's chain", async () => {
      const page = await list("fields=restarts&name=WF.*");
      const restarts = new Map(page.data.map((e) => [e.run_id, e.restarts]));
      expect(restarts.get(id("task"))).toBe(2);
      expect(restarts.get(id("restart2"))).toBe(2);
      expect(restarts.get(id("load"))).toBe(0);
      expect(page.data.every((e) => e.predecessors === undefined && e.recurring === undefined)).toBe(true);
    });

    it("adds predecessors: the latest run of each predecessor line of a workflow task", async () => {
      const page = await list("fields=predecessors&name=WF.*");
      const predecessors = new Map(page.data.map((e) => [e.run_id, e.predecessors]));
      const load = { run_id: id("load"), object_name: "WF.LOAD", status: Status.ENDED_OK };
      expect(predecessors.get(id("restart2"))).toEqual([load]);
      expect(predecessors.get(id("task"))).toEqual([load]);
      // Line 2 follows <START>, which never runs; the workflow itself is no task.
      expect(predecessors.get(id("load"))).toEqual([]);
      expect(predecessors.get(id("workflow"))).toEqual([]);
    });

    it("adds recurring to period containers only, and takes several fields at once", async () => {
      const page = await list("fields=recurring,RESTARTS&name=NIGHTLY.BACKUP");
      const [period, backup] = page.data;
      expect(period).toMatchObject({ run_id: id("period"), recurring: { execute_at: "08:00", occur_count: 0 }, restarts: 0 });
      expect(backup).toMatchObject({ run_id: id("backup"), restarts: 0 });
      expect(backup?.recurring).toBeUndefined();
    });
  });

  describe("refusals", () => {
    it.each([
      ["max_results=0", "max_results", ""],
      ["start_at_run_id=x", "start_at_run_id", "integer"],
      ["run_id=1.5", "run_id", "integer"],
      ["name=NO SPACES", "name", "name pattern"],
      ["alias=a!b", "alias", "name pattern"],
      ["agent=A;B", "agent", "name pattern"],
      ["user=A/B/C", "user", "NAME/DEPARTMENT"],
      ["type=JOBS,J%2AB", "type", "'J*B' is not an execution type"],
      ["status=bogus", "status", "status codes"],
      ["platform=UN IX", "platform", "agent type"],
      ["queue=BAD QUEUE", "queue", "'BAD QUEUE' is not a valid object name"],
      ["include_deactivated=yes", "include_deactivated", "true or false"],
      ["name_exclude=2", "name_exclude", "true or false"],
      ["time_frame_option=week", "time_frame_option", "activation, start, end or all"],
      ["time_frame_from=2024-05-01", "time_frame_from", "YYYY-MM-DDThh:mm:ssZ"],
      ["time_frame_from=2024-05-01T06:00:00", "time_frame_from", "YYYY-MM-DDThh:mm:ssZ"],
      ["time_frame_from=2024-05-01T06:00:00.000Z", "time_frame_from", "YYYY-MM-DDThh:mm:ssZ"],
      ["time_frame_to=2024-05-01T06:00:00%2B02:00", "time_frame_to", "YYYY-MM-DDThh:mm:ssZ"],
      ["time_frame_to=2023-02-29T00:00:00Z", "time_frame_to", "a day that exists"],
      ["time_frame_to=2024-05-01T24:00:00Z", "time_frame_to", "YYYY-MM-DDThh:mm:ssZ"],
      ["time_frame_from=2024-05-02T00:00:00Z&time_frame_to=2024-05-01T00:00:00Z", "time_frame_to", "not be before time_frame_from"],
      ["archive_key1=" + "k".repeat(201), "archive_key1", "200"],
      ["commented_only=maybe", "commented_only", "true or false"],
      ["modified_only=maybe", "modified_only", "true or false"],
      ["remote_status_number=high", "remote_status_number", "integer"],
      ["reference_run_id=first", "reference_run_id", "integer"],
      ["zdu_version=X", "zdu_version", "B (base) or T (target)"],
      ["sync_usage=SYNC 1", "sync_usage", "not a valid object name"],
      ["fields=comments", "fields", "'comments' is not one of restarts, predecessors, recurring"],
    ])("refuses %s with an OutValidationError at %s, listing nothing", async (query, path, message) => {
      const response = await get(`/100/executions?${query}`);
      expect(response.status).toBe(400);
      const [issue, ...more] = z.array(OutValidationError).parse(await response.json());
      expect(more).toEqual([]);
      expect(issue).toMatchObject({ code: ErrorCode.INVALID_REQUEST, path });
      expect(issue?.error).toContain(message);
      expect(issue?.invalid_value).not.toBeNull();
    });

    it("reports every invalid parameter of a request, and a refused request changes nothing", async () => {
      const before = await list("fields=restarts");
      const response = await get("/100/executions?time_frame_from=yesterday&zdu_version=Z&max_results=-1");
      expect(response.status).toBe(400);
      const issues = z.array(OutValidationError).parse(await response.json());
      expect(issues.map((i) => i.path).sort()).toEqual(["max_results", "time_frame_from", "zdu_version"]);
      expect(await list("fields=restarts")).toEqual(before);
    });
  });

  describe("many matches", () => {
    /** More than the engine sorts in memory (10,000), so that both ways of reading a page are taken. */
    const COUNT = 12_000;

    beforeAll(async () => {
      await store.db.transaction().execute(async (trx) => {
        for (let i = 0; i < COUNT; i++) {
          // Three executions share each activation time, so the run_id decides their order.
          const activation = at(10_000 + Math.floor(i / 3) * 10);
          const ended = i % 97 !== 0;
          const values = execution(0, {
            name: `BULK.${i % 8 === 0 ? 1 : 2}${i % 10}`,
            objectType: i % 5 === 0 ? "SCRI" : "JOBS",
            type: i % 5 === 0 ? "Script" : "Job",
            status: !ended ? Status.ACTIVE : i % 10 === 0 ? Status.ENDED_NOT_OK : Status.ENDED_OK,
            activationTime: activation,
            startTime: activation + 1000,
            endTime: ended ? activation + (i % 7) * 60_000 + 1000 : null,
            agent: i % 8 === 0 ? null : "UNIX01",
          });
          many.push(await insertExecution(trx, values, "{}", T));
        }
      });
    }, 120_000);

    /** The total, hasmore and page the spec's order gives for `keep` over client 0's executions. */
    function expected(keep: (e: Execution) => boolean, maxResults: number) {
      const matching = [foreign, ...many].filter(keep).sort((a, b) => b.activationTime - a.activationTime || b.runId - a.runId);
      return { total: matching.length, hasmore: matching.length > maxResults, runIds: matching.slice(0, maxResults).map((e) => e.runId) };
    }

    const endsIn = (e: Execution, from: number, to: number) => e.endTime !== null && e.endTime >= at(from) && e.endTime <= at(to) + 999;
    const livesIn = (e: Execution, from: number, to: number) => e.activationTime <= at(to) + 999 && (e.endTime === null || e.endTime >= at(from));

    it.each<[string, (e: Execution) => boolean]>([
      ["", () => true],
      ["status=1900", (e) => e.status === Status.ENDED_OK],
      ["status=ANY_OK,1550", (e) => e.status === Status.ENDED_OK || e.status === Status.ACTIVE],
      ["status=1800-1899", (e) => e.status === Status.ENDED_NOT_OK],
      ["name=BULK.2*", (e) => e.name.startsWith("BULK.2")],
      ["name=bulk.2*&name_exclude=true", (e) => !e.name.startsWith("BULK.2")],
      ["name=BULK.14", (e) => e.name === "BULK.14"],
      // Few matches of a pattern: their keys are sorted on the name index.
      ["name=BULK.1*", (e) => e.name.startsWith("BULK.1")],
      ["agent=UNIX01", (e) => e.agent === "UNIX01"],
      ["agent=UNIX01&agent_exclude=true", (e) => e.agent !== "UNIX01"],
      ["type=JOBS,SCRI", (e) => e.objectType === "JOBS" || e.objectType === "SCRI"],
      ["type=SCRI", (e) => e.objectType === "SCRI"],
      ["queue=CLIENT_QUEUE,Q.OTHER", () => true],
      [`time_frame_option=end&time_frame_from=${iso(20_000)}&time_frame_to=${iso(30_000)}`, (e) => endsIn(e, 20_000, 30_000)],
      [`time_frame_option=end&time_frame_from=${iso(15_000)}&time_frame_to=${iso(50_000)}`, (e) => endsIn(e, 15_000, 50_000)],
      [`time_frame_from=${iso(20_000)}&time_frame_to=${iso(30_000)}`, (e) => livesIn(e, 20_000, 30_000)],
      [`time_frame_from=${iso(15_000)}&time_frame_to=${iso(50_000)}`, (e) => livesIn(e, 15_000, 50_000)],
      [`time_frame_from=${iso(15_000)}`, (e) => e.endTime === null || e.endTime >= at(15_000)],
      // Few matches in the two parts of an `all` frame (ended since, and not ended).
      [`time_frame_from=${iso(49_000)}`, (e) => e.endTime === null || e.endTime >= at(49_000)],
      [`time_frame_option=activation&time_frame_to=${iso(40_000)}`, (e) => e.activationTime <= at(40_000) + 999],
    ])("lists exactly what the order gives for %s", async (query, keep) => {
      for (const maxResults of [50, 7]) {
        const page = await list(`${query}${query === "" ? "" : "&"}max_results=${maxResults}`, 0);
        expect({ total: page.total, hasmore: page.hasmore, runIds: page.data.map((e) => e.run_id) }).toEqual(expected(keep, maxResults));
      }
    });

    it.each<[string, number, (e: Execution) => boolean]>([
      ["", 1000, () => true],
      ["", 11_000, () => true],
      ["status=1900", 11_000, (e) => e.status === Status.ENDED_OK],
      // many[4] is BULK.24: the filter does not match the cursor, whose place holds.
      ["name=BULK.14", 4, (e) => e.name === "BULK.14"],
      ["name=BULK.14", 11_024, (e) => e.name === "BULK.14"],
      ["name=BULK.1*", 4, (e) => e.name.startsWith("BULK.1")],
      ["name=BULK.1*", 11_024, (e) => e.name.startsWith("BULK.1")],
      [`time_frame_from=${iso(49_000)}`, 11_900, (e) => e.endTime === null || e.endTime >= at(49_000)],
    ])("continues below start_at_run_id in either way of reading a page for '%s' after many[%i]", async (query, index, keep) => {
      const cursor = many[index];
      if (cursor === undefined) throw new Error("no such seed");
      const all = [foreign, ...many].filter(keep).sort((a, b) => b.activationTime - a.activationTime || b.runId - a.runId);
      const below = all.filter((e) => e.activationTime < cursor.activationTime || (e.activationTime === cursor.activationTime && e.runId < cursor.runId));
      for (const maxResults of [50, 7]) {
        const page = await list(`${query}${query === "" ? "" : "&"}max_results=${maxResults}&start_at_run_id=${cursor.runId}`, 0);
        expect({ total: page.total, hasmore: page.hasmore, runIds: page.data.map((e) => e.run_id) }).toEqual({ total: all.length, hasmore: below.length > maxResults, runIds: below.slice(0, maxResults).map((e) => e.runId) });
      }
    });

    it.each<[string, string, (e: Execution) => boolean]>([
      ["", "start_at_run_id", () => true],
      ["name=BULK.14", "start_at_run_id", (e) => e.name === "BULK.14"],
      ["name=BULK.1*", "start_at_run_id", (e) => e.name.startsWith("BULK.1")],
      // Baton's older name for the same cursor.
      ["", "after_run_id", () => true],
    ])("pages by the last RunID through the whole order for '%s' with %s, each row once", async (query, cursorName, keep) => {
      const all = [foreign, ...many].filter(keep).sort((a, b) => b.activationTime - a.activationTime || b.runId - a.runId);
      // Three pages from the middle of the order, across activation-time ties.
      let after = all[Math.floor(all.length / 2)]?.runId ?? 0;
      const seen: number[] = [];
      for (let pageNo = 0; pageNo < 3; pageNo++) {
        const page = await list(`${query}${query === "" ? "" : "&"}max_results=40&${cursorName}=${after}`, 0);
        expect(page.total).toBe(all.length);
        seen.push(...page.data.map((e) => e.run_id));
        after = page.data.at(-1)?.run_id ?? after;
        if (!page.hasmore) break;
      }
      const start = Math.floor(all.length / 2) + 1;
      expect(seen).toEqual(all.slice(start, start + seen.length).map((e) => e.runId));
      expect(seen.length).toBe(Math.min(120, all.length - start));
    });
  });
});
