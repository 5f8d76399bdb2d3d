/**
 * What the client-replay tests share: a Baton with the data a site that runs these clients has
 * (jobs that end OK and not OK, a workflow with tasks, a script with variables, a calendar, a
 * schedule, a few hundred executions of one name for paging), and a sender that puts on the wire
 * exactly the request a client sends: its method, path, query, headers and body bytes, nothing
 * added by a browser-style fetch (which, for one, cannot send the body the Node client sends on
 * a GET).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Dialect } from "@baton/engine";
import { expect } from "vitest";
import { jobEnvelope, startTestBaton, type TestBaton } from "../../testing/test-baton";
import { workflow } from "../../testing/workflow-envelope";

export const CLIENT = 100;
/** An ASCII password: the Node client encodes credentials as UTF-8, the interface reads ISO-8859-1; ASCII is the same in both. */
export const PASSWORD = "Replay-pass1";
export const USER = "ADMIN";
export const DEPARTMENT = "ADMIN";

/** An HTTP Basic header as the clients build it: base64 of `userid:password` in the given encoding. */
export function basicAuth(userid: string, encoding: BufferEncoding = "latin1", password = PASSWORD): string {
  return `Basic ${Buffer.from(`${userid}:${password}`, encoding).toString("base64")}`;
}

/** What came back, unparsed: the clients each parse it their own way. */
export interface WireAnswer {
  status: number;
  contentType: string | undefined;
  text: string;
}

/** One request exactly as given: method, path with its query as written, these headers, these body bytes. */
export interface WireRequest {
  method: string;
  /** Path under /ae/api/v1, query included as the client writes it. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Sends `req` with node:http, which adds only Host (and Content-Length for a body). */
export function send(baton: TestBaton, req: WireRequest): Promise<WireAnswer> {
  const url = new URL(`${baton.baton.restUrl}${req.path}`);
  const headers: Record<string, string> = { ...req.headers };
  if (req.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(req.body));
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: req.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, contentType: res.headers["content-type"], text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(req.body);
  });
}

/**
 * Python's `datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ")` as the monitor calls it, made strict: whole
 * seconds and a literal Z, nothing after (a fraction or an offset raises ValueError), on a day that
 * exists.
 */
export function strptimeWholeSecondsZ(value: unknown): Date {
  expect(value, "a time the client parses with %Y-%m-%dT%H:%M:%SZ").toMatch(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\dZ$/);
  const date = new Date(String(value));
  expect(date.toISOString().replace(".000Z", "Z")).toBe(value);
  return date;
}

/** Go's `time.Parse(time.RFC3339, s)`: fraction allowed (when parsing), offset Z or ±hh:mm. */
export function goParseRfc3339(value: unknown): Date {
  expect(value, "a time the client parses with time.RFC3339").toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  return new Date(String(value));
}

/** A JSON value is an object (not null, not an array): what a client that reads keys off it needs. */
export function jsonObject(value: unknown): Record<string, unknown> {
  expect(value !== null && typeof value === "object" && !Array.isArray(value), `an object: ${JSON.stringify(value)?.slice(0, 200)}`).toBe(true);
  return value as Record<string, unknown>;
}

/** The runs and names the replays point at. */
export interface Site {
  test: TestBaton;
  /** A job that ended 1900 with two lines of output. */
  okRun: number;
  /** A job that ended 1800 (exit 3). */
  failRun: number;
  /** A script run whose variables include LOG_FILE_OVERRIDE#. */
  varsRun: number;
  /** A workflow run (ended OK) and its task runs. */
  flowRun: number;
  flowChildren: number[];
  /** How many executions the burst made, all named TICK_NAME. */
  ticks: number;
  /** A local bare Git repository the repository calls may use as remote. */
  remote: string;
  /** Setup's own Basic header (CLIENT/USER/DEPT form). */
  auth: string;
  stop(): Promise<void>;
}

export const NAMES = {
  ok: "JOBS.REPLAY.OK",
  fail: "JOBS.REPLAY.FAIL",
  vars: "SCRI.REPLAY.VARS",
  flow: "JOBP.REPLAY.FLOW",
  tick: "SCRI.REPLAY.TICK",
  burst: "SCRI.REPLAY.BURST",
  calendar: "CALE.REPLAY",
  schedule: "JSCH.REPLAY",
  folder: "REPLAY",
  subfolder: "REPLAY.NIGHTLY",
} as const;

export const LOG_FILE_OVERRIDE = "D$\\logs\\replay.log";
const BURST = 250;
const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@x", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@x" };

/** Starts a Baton on `dialect` and sets the site up through the REST API. */
export async function startSite(dialect: Dialect): Promise<Site> {
  const temp = mkdtempSync(join(tmpdir(), "baton-replay-"));
  const remote = join(temp, "remote.git");
  execFileSync("git", ["init", "--quiet", "--bare", "--initial-branch=main", remote], { env: GIT_ENV });
  const test = await startTestBaton(dialect, { BATON_ADMIN_PASSWORD: PASSWORD, BATON_REPOSITORY_ROOTS: temp });
  const auth = basicAuth(`${CLIENT}/${USER}/${DEPARTMENT}`);
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const answer = await send(test, { method, path, headers: { Authorization: auth, "Content-Type": "application/json" }, ...(body !== undefined && { body: JSON.stringify(body) }) });
    expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(200);
    return JSON.parse(answer.text);
  };
  const importObject = (envelope: unknown) => call("POST", `/${CLIENT}/objects?overwrite_existing_objects=true`, envelope);
  const start = async (name: string) => ((await call("POST", `/${CLIENT}/executions`, { object_name: name })) as { run_id: number }).run_id;
  const ended = async (runId: number) => {
    // Generous: the replay checks what ends, not how fast; a loaded machine runs jobs slowly.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const execution = (await call("GET", `/${CLIENT}/executions/${runId}`)) as { status: number };
      if (execution.status >= 1800) return execution;
      if (Date.now() > deadline) throw new Error(`execution ${runId} still ${execution.status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  await importObject({ data: { fold: { general_attributes: { name: NAMES.subfolder, type: "FOLD", description: "jobs the clients replay" } } }, path: NAMES.folder });
  await importObject({ ...jobEnvelope(NAMES.ok, ["echo hello from replay", "echo RET=0"]), path: NAMES.folder });
  await importObject({ ...jobEnvelope(NAMES.fail, ["echo copy failed: access is denied", "exit 3"]), path: NAMES.folder });
  await importObject({
    data: { scri: { general_attributes: { name: NAMES.vars, type: "SCRI" }, scripts: [{ process: [`:SET &LOG_FILE_OVERRIDE# = "${LOG_FILE_OVERRIDE}"`, ':PRINT "vars set"'] }] } },
    path: NAMES.folder,
  });
  await importObject({ data: { scri: { general_attributes: { name: NAMES.tick, type: "SCRI" }, scripts: [{ process: [':PRINT "tick"'] }] } }, path: NAMES.folder });
  await importObject({
    data: {
      scri: {
        general_attributes: { name: NAMES.burst, type: "SCRI" },
        scripts: [{ process: [":SET &I# = 0", `:WHILE &I# < ${BURST}`, `:  SET &R# = ACTIVATE_UC_OBJECT(${NAMES.tick})`, ":  SET &I# = &I# + 1", ":ENDWHILE"] }],
      },
    },
    path: NAMES.folder,
  });
  await importObject({ ...workflow(NAMES.flow, [{ name: NAMES.ok }, { name: NAMES.vars, type: "SCRI", after: [2] }], [3]), path: NAMES.folder });
  await importObject({ data: { cale: { general_attributes: { name: NAMES.calendar }, events: [{ line_number: "1", name: "WORKDAYS" }] } }, path: NAMES.folder });
  await importObject({
    data: {
      jsch: {
        general_attributes: { name: NAMES.schedule, type: "JSCH" },
        schedule_attributes: { timezone: "UTC" },
        calendar_conditions: [],
        schedule_definitions: [{ line_number: "1", object_name: NAMES.flow, start_time: "06:00", calendar: NAMES.calendar, calendar_event: "WORKDAYS" }],
        workflow_definitions: [{ line_number: "1", object_name: NAMES.flow, object_type: "JOBP", active: 1, earliest_start_time: "06:00", start_offset: "000" }],
      },
    },
    path: NAMES.folder,
  });

  const okRun = await start(NAMES.ok);
  const failRun = await start(NAMES.fail);
  const varsRun = await start(NAMES.vars);
  const flowRun = await start(NAMES.flow);
  const burstRun = await start(NAMES.burst);
  for (const runId of [okRun, failRun, varsRun, flowRun, burstRun]) await ended(runId);
  const children = (await call("GET", `/${CLIENT}/executions/${flowRun}/children`)) as { data: { run_id: number }[] };
  // The burst only activates its ticks; they end on their own.
  const ticksEnded = async () => ((await call("GET", `/${CLIENT}/executions?name=${NAMES.tick}&status=1900&max_results=1`)) as { total: number }).total;
  const deadline = Date.now() + 30_000;
  while ((await ticksEnded()) < BURST) {
    if (Date.now() > deadline) throw new Error("the burst's executions did not all end");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    test,
    okRun,
    failRun,
    varsRun,
    flowRun,
    flowChildren: children.data.map((c) => c.run_id),
    ticks: BURST,
    remote,
    auth,
    async stop() {
      await test.stop();
      rmSync(temp, { recursive: true, force: true });
    },
  };
}

/** `YYYY-MM-DDThh:mm:ssZ` of a time, as the clients write time_frame_from. */
export function wholeSecondsZ(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}
