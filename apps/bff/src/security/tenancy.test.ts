import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OutForecastId, OutRepo, OutRepositoryInit, OutRunId } from "@baton/contract";
import { openStore, type Store } from "@baton/engine";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JsonSchema } from "../testing/client-spellings";
import { requestFrom } from "../testing/from-address";
import { BODY, buildRequest, createUserWithoutRights, DatabaseAtRest, documentOperations, robustnessProblems, type DocumentOperation, type RequestValues } from "../testing/fuzz-harness";
import { ADMIN_PASSWORD, basic, jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "../testing/test-baton";

/** Text that exists only in client 0's data (a job's script, a VARA value, a comment): no answer to client 100 may hold it. */
const MARKER = "C0SECRET-7F3A";
/** Client 100's administrator, named with its client: it may not act in client 0. */
const ADMIN_OF_100 = basic(`100/ADMIN/ADMIN:${ADMIN_PASSWORD}`);
const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@x", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@x" };

/** What client 0 has and client 100 does not: the names and ids a client-100 request points at. */
interface Client0 {
  runId: number;
  forecastId: number;
  /** The head commit of client 0's repository. */
  commitId: string;
}

/** What client 100 has, for its user without rights to be refused on. */
interface Client100 {
  runId: number;
  forecastId: number;
  commitId: string;
}

/**
 * Parameters of the walk by name. `theirs` are client 0's (for client 100's administrator), `ours`
 * client 100's own (for its user without rights). Query parameters an operation requires get a
 * value that reads well for it.
 */
function parameters(target: { names: string; folder: string; user: string; agent: string; runId: number; forecastId: number; commitId: string }): RequestValues {
  return {
    agent: target.agent,
    object_name: target.names,
    event_name: "WORKDAYS",
    folder_path: target.folder,
    run_id: target.runId,
    report_type: "REP",
    user_name: target.user,
    forecast_id: target.forecastId,
    // Deleting client 0 is the one deletion of a client this walk tries.
    target_client: 0,
    commit_id: target.commitId,
    branch_name: "main",
    filename: "baton-agent-C0AGENT-0123456789ab.zip",
    start_from: "2020-01-01T00:00:00Z",
    object_path: `${target.folder}/${target.names}.json`,
    object_path_ours: `${target.folder}/${target.names}.json`,
    object_path_theirs: `${target.folder}/${target.names}.json`,
    branch_name_theirs: "main",
    from: wholeSeconds(new Date()),
    to: wholeSeconds(new Date(Date.now() + 7 * 86_400_000)),
    details: "true",
    start_date: "2020-01-01",
    end_date: "2099-01-01",
  };
}

const wholeSeconds = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

/** A parameter whose meaning differs between operations: `type` is a metric type only for historic metrics. */
function forOperation(operation: DocumentOperation, values: RequestValues): RequestValues {
  if (operation.key === "GET /{client_id}/system/metrics") return { ...values, type: "executions_started" };
  // Agents are named like objects; the walk names the agent of the attacked client.
  if (operation.path.includes("/system/agents/")) return { ...values, object_name: values["agent"] };
  // `from` and `to` are branches or commits here, times elsewhere.
  if (operation.key === "GET /{client_id}/repositories/compare") return { ...values, from: "main", to: values["commit_id"] };
  return values;
}

/**
 * One body per operation that takes JSON, naming `name` (an object of the client under attack) and
 * `runId`/`forecastId`. Kept valid, so that a request reaches the check of rights and clients and
 * not only the schema. An operation of the document missing here fails the walk: a new route gets a body.
 */
function bodies(name: string, folder: string, agent: string, forecastId: number, repositoryUrl: string): Record<string, unknown> {
  return {
    "POST /{client_id}/objects": { ...jobEnvelope(name, ["echo overwritten"]), path: folder },
    "PATCH /{client_id}/objects/{object_name}": { data: { jobs: { scripts: [{ process: ["echo overwritten"] }] } } },
    "POST /{client_id}/folderobjects": { data: [{ ...jobEnvelope(name, ["echo overwritten"]).data, path: folder }] },
    "POST /{client_id}/repositories": { repository_url: repositoryUrl, branch: "main" },
    "POST /{client_id}/repositories/commits": { message: "taken", objects: [name] },
    "POST /{client_id}/repositories/branches": { branch_name: "taken" },
    "POST /{client_id}/repositories/merge": { branch_name: "main" },
    "POST /{client_id}/repositories/pull": { overwrite: true },
    "POST /{client_id}/executions": { objectName: name, executionOption: "execute" },
    "POST /{client_id}/executions/{run_id}/status": { action: "cancel", cancel: { recursive: true } },
    "POST /{client_id}/executions/{run_id}/comments": { comment: "taken" },
    "PUT /{client_id}/users/{user_name}/password": { password: "Taken-pass1" },
    "POST /{client_id}/scripts": { script: [`:SET &V# = GET_VAR(${name.replace(".JOB", ".VARA")}, K)`, ":PRINT &V#", `:SET &R# = ACTIVATE_UC_OBJECT(${name})`] },
    "POST /{client_id}/search": { filters: [{ filter_identifier: "object_name", object_name: "*" }] },
    "POST /{client_id}/forecasts": { forecast_option: "object", object: { name, start: "2030-01-01T00:00:00Z", title: "taken" } },
    "DELETE /{client_id}/forecasts": { ids: [forecastId], force: true },
    "POST /{client_id}/forecasts/{forecast_id}": { title: "taken" },
    "POST /{client_id}/system/agents": { name: agent, template: "<UNIX>" },
    "POST /{client_id}/system/agents/{object_name}/rename": { new_name: "TAKEN" },
    "POST /{client_id}/system/ra-solutions": { name: "TAKEN" },
    "POST /{client_id}/system/agentpacks": { name: agent },
  };
}

type Row = Record<string, unknown>;

const rowsOf = (rows: readonly string[] | undefined): Row[] => (rows ?? []).map((row): Row => JSON.parse(row));

/**
 * Rows of the compared tables that belong to client 0, each table's as sorted JSON: rows with a
 * client column of 0, and rows of client 0's objects, runs and forecasts by their ids; of the agents
 * (shared by every client) those no other client made, without the time each was last seen.
 */
async function client0Rows(atRest: DatabaseAtRest): Promise<Record<string, string[]>> {
  const snapshot = await atRest.snapshot();
  const ids = (table: string, column: string) => new Set(rowsOf(snapshot[table]).filter((row) => row["client"] === 0).map((row) => row[column]));
  const objects = ids("objects", "id");
  const runs = ids("executions", "run_id");
  const forecasts = ids("forecasts", "id");
  const ofClient0 = (table: string, row: Row): boolean => {
    if ("client" in row) return row["client"] === 0;
    if ("object_id" in row) return objects.has(row["object_id"]);
    if ("run_id" in row) return runs.has(row["run_id"]);
    if ("forecast_id" in row) return forecasts.has(row["forecast_id"]);
    if (table === "agents") return row["owner_client"] === null || row["owner_client"] === 0 || row["owner_client"] === undefined;
    return true;
  };
  return Object.fromEntries(
    Object.entries(snapshot).map(([table, rows]) => [
      table,
      rowsOf(rows)
        .filter((row) => ofClient0(table, row))
        .map((row) => JSON.stringify({ ...row, last_seen_at: undefined }))
        .sort(),
    ]),
  );
}

describe.each(testDialects)("tenancy and rights on every route on %s", (dialect) => {
  let test: TestBaton;
  let reader: Store;
  let atRest: DatabaseAtRest;
  let operations: DocumentOperation[];
  let noRights: string;
  let temp: string;
  let client0: Client0;
  let client100: Client100;
  /** Client 100's own remote: its repository is set up for the walk of the user without rights only. */
  let remote100: string;

  /** Everything client 0's administrator reads of client 0 through the API, to compare after the walk. */
  async function client0View(): Promise<string> {
    const reads = ["/0/objects/C0.SECRET.JOB", "/0/objects/C0.SECRET.VARA", `/0/objects/${encodeURIComponent("C0USER/OPS")}`, `/0/executions/${client0.runId}`, `/0/executions/${client0.runId}/comments`, `/0/forecasts/${client0.forecastId}`, "/0/repositories", "/0/repositories/branches", "/0/repositories/branches/main/log"];
    const answers = await Promise.all(reads.map(async (path) => `${path} ${(await test.rest(path)).status} ${await (await test.rest(path)).text()}`));
    return answers.join("\n");
  }

  beforeAll(async () => {
    temp = mkdtempSync(join(tmpdir(), "baton-tenancy-"));
    const remote = (client: number) => join(temp, String(client), `client${client}.git`);
    for (const client of [0, 100]) {
      mkdirSync(join(temp, String(client)), { recursive: true });
      execFileSync("git", ["init", "--quiet", "--bare", "--initial-branch=main", remote(client)], { env: GIT_ENV });
    }
    test = await startTestBaton(dialect, { BATON_REPOSITORY_ROOTS: join(temp, "{client}") });
    reader = await openStore({ dataDir: test.dataDir, databaseUrl: test.databaseUrl });
    atRest = new DatabaseAtRest(test, reader);
    const document = (await (await fetch(`${test.baton.restUrl}/openapi.json`)).json()) as JsonSchema;
    operations = documentOperations(document);

    // Client 0: a job, a VARA and a comment holding the marker, a user, a run, a forecast and a repository.
    const importTo = async (client: number, envelope: unknown) => expect((await test.rest(`/${client}/objects?overwrite_existing_objects=true`, json(envelope))).status).toBe(200);
    await importTo(0, { ...jobEnvelope("C0.SECRET.JOB", [`echo ${MARKER}`]), path: "C0FOLDER" });
    await importTo(0, { data: { vara: { general_attributes: { name: "C0.SECRET.VARA", type: "VARA" }, variable_definitions: { type: "STATIC", data_type: "C" }, static_values: [{ key: "K", value1: MARKER }] } }, path: "C0FOLDER" });
    await importTo(0, { data: { user: { general_attributes: { name: "C0USER/OPS", type: "USER" }, user_attributes: { is_active: "1", is_locked: "0", password: "C0user-pass1" } } }, path: "USERS" });
    const run0 = OutRunId.parse(await (await test.rest("/0/executions", json({ objectName: "C0.SECRET.JOB", executionOption: "execute" }))).json()).run_id;
    await waitForEnd(test, 0, run0);
    expect((await test.rest(`/0/executions/${run0}/comments`, json({ comment: MARKER }))).status).toBe(200);
    const forecast0 = OutForecastId.parse(await (await test.rest("/0/forecasts", json({ forecast_option: "object", object: { name: "C0.SECRET.JOB", start: new Date().toISOString(), title: MARKER } }))).json());
    // An agent made in client 0 (with no authorization for any other client), and one in client 100.
    expect((await test.rest("/0/system/agents", json({ name: "C0AGENT", template: "<UNIX>" }))).status).toBe(200);
    expect((await test.rest("/100/system/agents", json({ name: "C100AGENT", template: "<UNIX>" }))).status).toBe(200);
    const repository = await test.rest("/0/repositories", json({ repository_url: `file://${remote(0)}`, branch: "main" }));
    expect(repository.status, await repository.clone().text()).toBe(200);
    remote100 = `file://${remote(100)}`;
    client0 = { runId: run0, forecastId: Number(forecast0.forecast_id), commitId: OutRepositoryInit.parse(await repository.json()).head_commit };

    // Client 100: its own job, run and forecast, and a user without rights.
    await importTo(100, { ...jobEnvelope("C100.JOB", ["echo ours"]), path: "C100FOLDER" });
    await importTo(100, { data: { vara: { general_attributes: { name: "C100.VARA", type: "VARA" }, variable_definitions: { type: "STATIC", data_type: "C" }, static_values: [{ key: "K", value1: "ours" }] } }, path: "C100FOLDER" });
    const run100 = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "C100.JOB", executionOption: "execute" }))).json()).run_id;
    await waitForEnd(test, 100, run100);
    const forecast100 = OutForecastId.parse(await (await test.rest("/100/forecasts", json({ forecast_option: "object", object: { name: "C100.JOB", start: new Date().toISOString(), title: "ours" } }))).json());
    client100 = { runId: run100, forecastId: Number(forecast100.forecast_id), commitId: "" };
    noRights = await createUserWithoutRights(test, 100);
  }, 60_000);

  afterAll(async () => {
    await reader.close();
    await test.stop();
    rmSync(temp, { recursive: true, force: true });
  });

  it("has a sample body for every operation that takes one", () => {
    const table = bodies("X", "X", "X", 1, "x");
    expect(operations.filter((operation) => operation.body !== undefined && !(operation.key in table)).map((operation) => operation.key)).toEqual([]);
  });

  // Each request comes from its own loopback address: a refused login counts against its address
  // (the login throttle), and this walk is about the client check, not the throttle.
  it("refuses client 100's credentials on every route of client 0 with 401", async () => {
    const problems: string[] = [];
    for (const [index, operation] of operations.filter((o) => o.path.startsWith("/{client_id}")).entries()) {
      const values = { ...parameters({ names: "C0.SECRET.JOB", folder: "C0FOLDER", user: "C0USER/OPS", agent: "C0AGENT", ...client0 }), client_id: 0, [BODY]: bodies("C0.SECRET.JOB", "C0FOLDER", "C0AGENT", client0.forecastId, "../0")[operation.key] };
      const { url, init, description } = buildRequest(operation, forOperation(operation, values), ADMIN_OF_100);
      const { status, body: text } = await requestFrom(`127.0.${1 + Math.floor(index / 250)}.${2 + (index % 250)}`, `${test.baton.restUrl}${url}`, init);
      if (status !== 401 || text.includes(MARKER)) problems.push(`${description} → ${status} ${text.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
    // Client 0's administrator still logs in: the refusals were not failures of its login.
    expect((await test.rest("/0/executions")).status).toBe(200);
  });

  // Client 100's administrator has every privilege and * / * with bitcode 63 in client 100; none of it
  // reaches client 0. It sends client 0's names, run ids, forecast ids, users and repository to every
  // route of its own client: no answer, report or object it can read afterwards holds client 0's
  // marker, and client 0's rows and repository are as they were.
  it("never lets client 100's administrator read or change client 0's data", async () => {
    // A third client (made in the database: no route creates clients) is no more client 100's to delete than client 0.
    await reader.db.insertInto("clients").values({ id: 200, title: "Third client", created_at: Date.now() }).execute();
    const before = await client0Rows(atRest);
    const viewBefore = await client0View();
    const problems: string[] = [];
    // The repository first: were it accepted, the routes after it would act on client 0's tree.
    const ordered = [...operations.filter((o) => o.key === "POST /{client_id}/repositories"), ...operations.filter((o) => o.key !== "POST /{client_id}/repositories" && o.key !== "DELETE /{client_id}/system/clients/{target_client}"), ...operations.filter((o) => o.key === "DELETE /{client_id}/system/clients/{target_client}")];
    for (const operation of ordered) {
      const values = { ...parameters({ names: "C0.SECRET.JOB", folder: "C0FOLDER", user: "C0USER/OPS", agent: "C0AGENT", ...client0 }), client_id: 100, [BODY]: bodies("C0.SECRET.JOB", "C0FOLDER", "C0AGENT", client0.forecastId, "../0")[operation.key] };
      const { url, init, description } = buildRequest(operation, forOperation(operation, values));
      const response = await test.rest(url, init).catch((error: unknown) => new Response(String(error), { status: 599 }));
      const text = await response.text();
      if (response.status >= 500) problems.push(`${description} → ${response.status} ${text.slice(0, 200)}`);
      if (text.includes(MARKER)) problems.push(`${description} → ${response.status} reveals client 0's data: ${text.slice(0, 300)}`);
    }
    await atRest.settle();
    // What client 100 can read afterwards: its executions and their reports (a script's output), its repository.
    const executions: unknown = await (await test.rest("/100/executions?max_results=1000")).json();
    const runIds = typeof executions === "object" && executions !== null && "data" in executions && Array.isArray(executions.data) ? executions.data.map((e: unknown) => (typeof e === "object" && e !== null && "run_id" in e ? e.run_id : 0)) : [];
    for (const runId of runIds) {
      for (const report of ["REP", "ACT", "LOG"]) {
        const text = await (await test.rest(`/100/executions/${String(runId)}/reports/${report}`)).text();
        if (text.includes(MARKER)) problems.push(`client 100's report ${report} of run ${String(runId)} holds client 0's data: ${text.slice(0, 300)}`);
      }
    }
    const agents = await (await test.rest("/100/system/agents")).text();
    if (agents.includes("C0AGENT")) problems.push(`client 100 sees client 0's agent: ${agents.slice(0, 300)}`);
    for (const path of ["/100/repositories/changes", "/100/repositories/branches/main/log", "/100/folderobjects/C0FOLDER"]) {
      const text = await (await test.rest(path)).text();
      if (text.includes(MARKER)) problems.push(`${path} holds client 0's data: ${text.slice(0, 300)}`);
    }
    const third = await test.rest("/100/system/clients/200", { method: "DELETE" });
    if (third.status !== 403) problems.push(`DELETE /100/system/clients/200 → ${third.status} ${await third.text()}`);
    const clients = await reader.db.selectFrom("clients").select("id").where("id", "=", 200).execute();
    if (clients.length !== 1) problems.push("client 100's administrator deleted client 200");
    const after = await client0Rows(atRest);
    const changed = Object.keys(before).filter((table) => JSON.stringify(before[table]) !== JSON.stringify(after[table]));
    if (changed.length > 0) problems.push(`client 0's rows changed in ${changed.join(", ")}`);
    const viewAfter = await client0View();
    if (viewAfter !== viewBefore) problems.push(`client 0 reads differently afterwards:\n${viewBefore}\n---\n${viewAfter}`);
    expect(problems).toEqual([]);
  }, 120_000);

  /**
   * Routes every authenticated user of a client may call, with why: the spec gives them no privilege.
   * GET /ping and the descriptions of the interface (/openapi.json, /openapi2/..., the reference page) take no login at all.
   */
  const OPEN_TO_EVERY_USER: Readonly<Record<string, string>> = {
    "GET /ping": "public: a load balancer's liveness check",
    "GET /openapi.json": "public: the interface's own description",
    "GET /": "public: the interface's own description, as a web page",
    "GET /openapi2/index.html": "public: the interface's own description, as a web page",
    "GET /openapi2/swagger.json": "public: the interface's own description, as Swagger 2.0",
    "GET /openapi2/swagger.yaml": "public: the interface's own description, as Swagger 2.0",
    "GET /{client_id}/system/features": "which features this server has on: the console asks it to know which screens to offer any user; no client data",
  };

  it("refuses a user without REPOSITORY on the repository routes before saying whether the client has a repository", async () => {
    // Client 100 has no repository yet (the walk above could not give it client 0's): its
    // administrator gets 404 RESOURCE_DISABLED, a user without rights 403.
    const routes = operations.filter((operation) => operation.path.startsWith("/{client_id}/repositories") && operation.key !== "POST /{client_id}/repositories");
    expect(routes.length).toBeGreaterThan(5);
    expect((await test.rest("/100/repositories")).status).toBe(404);
    const problems: string[] = [];
    for (const operation of routes) {
      // No commit exists yet: any well-formed id reaches the check.
      const values = { ...parameters({ names: "C100.JOB", folder: "C100FOLDER", user: "NORIGHTS/OPS", agent: "C100AGENT", ...client100, commitId: "5294ecc17ef74b8f13af7622bfa848eec1c6149b" }), client_id: 100, [BODY]: bodies("C100.JOB", "C100FOLDER", "C100AGENT", client100.forecastId, "https://git.example.test/x.git")[operation.key] };
      const { url, init, description } = buildRequest(operation, forOperation(operation, values), noRights);
      const response = await fetch(`${test.baton.restUrl}${url}`, init);
      if (response.status !== 403) problems.push(`${description} → ${response.status} ${(await response.text()).slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
  });

  // A user of client 100 with no privilege and no authorization is refused everywhere: 403 (every
  // sample names something that exists), or a list with nothing in it, or a route open to every user.
  it("refuses a user without rights on every route of its own client", async () => {
    // With a repository, the repository routes reach their check of rights instead of answering 404.
    // (400, code CONFLICT, when the walk above already gave client 100 one, which it fails for.)
    expect([200, 400]).toContain((await test.rest("/100/repositories", json({ repository_url: remote100, branch: "main" }))).status);
    client100.commitId = OutRepo.parse(await (await test.rest("/100/repositories")).json()).head_commit;
    const problems: string[] = [];
    for (const operation of operations) {
      const values = { ...parameters({ names: "C100.JOB", folder: "C100FOLDER", user: "NORIGHTS/OPS", agent: "C100AGENT", ...client100 }), client_id: 100, [BODY]: bodies("C100.JOB", "C100FOLDER", "C100AGENT", client100.forecastId, "https://git.example.test/x.git")[operation.key] };
      problems.push(...(await robustnessProblems(test, atRest, operation, forOperation(operation, values), noRights)));
      const { url, init, description } = buildRequest(operation, forOperation(operation, values), noRights);
      const response = await fetch(`${test.baton.restUrl}${url}`, init);
      const text = await response.text();
      // Every sample names something that exists: a 404 would answer before the check of rights.
      if (response.status === 403) continue;
      if (response.status < 300 && operation.key in OPEN_TO_EVERY_USER) continue;
      if (response.status < 300 && emptyList(text)) continue;
      problems.push(`${description} → ${response.status} ${text.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

/** A page of nothing: `{"total": 0, "data": [] ...}` or `[]`. */
function emptyList(text: string): boolean {
  try {
    const body: unknown = JSON.parse(text);
    if (Array.isArray(body)) return body.length === 0;
    return typeof body === "object" && body !== null && "data" in body && Array.isArray(body.data) && body.data.length === 0;
  } catch {
    return false;
  }
}
