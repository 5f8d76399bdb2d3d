import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OutExecution } from "@baton/contract";
import type { Dialect } from "@baton/engine";
import { createTestDatabase, OpenApiConformance } from "@baton/engine/testing";
import { pino } from "pino";
import { startBaton, type RunningBaton, type StartOptions } from "../baton";
import { loadConfig } from "../config";

/** The job envelope the engine's behaviour tests build, for the REST tests of the app. */
export { jobEnvelope, workflow } from "@baton/engine/testing";

export const ADMIN_PASSWORD = "Pässwörd-é1";

/** Basic header for a user-pass part, encoded ISO-8859-1 as the interface prescribes. */
export function basic(userPass: string): string {
  return `Basic ${Buffer.from(userPass, "latin1").toString("base64")}`;
}

export const ADMIN = basic(`ADMIN/ADMIN:${ADMIN_PASSWORD}`);

export interface TestBaton {
  baton: RunningBaton;
  /** Every log line the process wrote (JSON), for checks that secrets never reach the log. */
  logs: string[];
  dataDir: string;
  /** The PostgreSQL database of this Baton (undefined on SQLite, which lives in dataDir). */
  databaseUrl: string | undefined;
  /** fetch against the REST base with the administrator's Basic login unless headers say otherwise. */
  rest(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

/** A whole Baton on a free port with a fresh database, a real embedded agent and a stand-in console page. */
export async function startTestBaton(dialect: Dialect = "sqlite", env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestBaton> {
  const database = await createTestDatabase(dialect);
  const consoleDir = mkdtempSync(join(tmpdir(), "baton-console-"));
  writeFileSync(join(consoleDir, "index.html"), "<!doctype html><title>Baton</title><div id=root></div>");
  const config = loadConfig({
    PORT: "0",
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl && { DATABASE_URL: database.databaseUrl }),
    BATON_ADMIN_PASSWORD: ADMIN_PASSWORD,
    BATON_CONSOLE_DIR: consoleDir,
    BATON_SHUTDOWN_GRACE_MS: "200",
    ...env,
  });
  const logs: string[] = [];
  const baton = await startBaton(config, pino({ level: "info" }, { write: (line: string) => void logs.push(line) }), options);
  return {
    baton,
    logs,
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    async rest(path, init = {}) {
      const response = await fetch(`${baton.restUrl}${path}`, { ...init, headers: { authorization: ADMIN, ...init.headers } });
      await assertConforms(baton.restUrl, init.method ?? "GET", response);
      return response;
    },
    async stop() {
      await baton.stop();
      await database.drop();
      rmSync(consoleDir, { recursive: true, force: true });
    },
  };
}

let conformance: Promise<OpenApiConformance> | undefined;

/**
 * Every answer the tests get through `rest` must be what the OpenAPI document says: a documented
 * operation and status, and a body of the documented shape. Bodies that are not JSON are not read.
 */
async function assertConforms(restUrl: string, method: string, response: Response): Promise<void> {
  conformance ??= fetch(`${restUrl}/openapi.json`).then(async (answer) => new OpenApiConformance((await answer.json()) as Record<string, unknown>));
  const contentType = response.headers.get("content-type");
  const readable = contentType === null || contentType.startsWith("application/json");
  const body = readable ? await response.clone().text() : "";
  const problems = (await conformance).problems(method, response.url, response.status, contentType, body);
  if (problems.length > 0) throw new Error(`The answer does not conform to the OpenAPI document:\n${problems.join("\n")}`);
}

export function json(body: unknown, method = "POST"): RequestInit {
  return { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}

/** Polls an execution until it has ended (status >= 1800) or the deadline passes. */
export async function waitForEnd(test: TestBaton, client: number, runId: number, timeoutMs = 15_000): Promise<OutExecution> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await test.rest(`/${client}/executions/${runId}`);
    const execution = OutExecution.parse(await response.json());
    if (execution.status >= 1800) return execution;
    if (Date.now() > deadline) throw new Error(`execution ${runId} still ${execution.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls a condition until it holds, failing after `ms`. */
export async function until(check: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
