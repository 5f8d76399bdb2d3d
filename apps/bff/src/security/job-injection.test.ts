import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { ErrorCode, OutExecutionList, OutRunId, Right } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAgentProcess, type AgentProcess } from "../testing/agent-process";
import { workflow } from "../testing/workflow-envelope";
import { reportText } from "../testing/report-text";
import { ADMIN_PASSWORD, basic, jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "../testing/test-baton";

const AGENT_TOKEN = "job-injection-agent-token-0123";
/** Secrets of the server's process that no job may see; BATON_ADMIN_PASSWORD is the real one. */
const SECRETS = { BATON_ADMIN_PASSWORD: ADMIN_PASSWORD, BATON_SESSION_KEY: "fake-session-key-5f1c0e", DATABASE_URL: "postgres://baton:fake-db-password-77@db.invalid/baton", BATON_AGENT_TOKEN: AGENT_TOKEN };
const RUNNER = { name: "RUNNER/OPS", password: "Runner-pass1" };

// A user who may execute a job but not write it must not make an agent run code the job's author did
// not write: prompt inputs are checked before anything starts, and a job gets a clean environment.
describe.each(testDialects)("prompt inputs and the job environment on %s", (dialect) => {
  let test: TestBaton;
  let work: string;
  let agent: AgentProcess | undefined;
  const saved = new Map<string, string | undefined>();
  const runner = basic(`${RUNNER.name}:${RUNNER.password}`);

  beforeAll(async () => {
    // Set on the server's own process, as an operator would export them before `pnpm start`.
    for (const [name, value] of Object.entries(SECRETS)) {
      saved.set(name, process.env[name]);
      process.env[name] = value;
    }
    test = await startTestBaton(dialect, { BATON_AGENT_TOKEN: AGENT_TOKEN });
    work = mkdtempSync(join(tmpdir(), "baton-injection-"));
    const envelopes = [
      { data: { prpt: { general_attributes: { name: "PRPT.INJ" }, prompt_elements: [{ name: "IN#", type: "text", default: "none" }] } }, path: "" },
      { data: { prpt: { general_attributes: { name: "PRPT.INJ.SHELL" }, prompt_elements: [{ name: "EXPR#", type: "text", default: "1", allow_shell_characters: "1" }] } }, path: "" },
      {
        ...jobEnvelope("INJ.ECHO", ['echo "value=&IN#"', 'echo "env=$IN"']),
        data: { jobs: { ...jobEnvelope("INJ.ECHO", []).data.jobs, scripts: [{ process: ['echo "value=&IN#"', 'echo "env=$IN"'] }], prompt_set_list: [{ name: "PRPT.INJ" }] } },
      },
      { ...jobEnvelope("INJ.SHELL", []), data: { jobs: { ...jobEnvelope("INJ.SHELL", []).data.jobs, scripts: [{ process: ["echo $((&EXPR#))"] }], prompt_set_list: [{ name: "PRPT.INJ.SHELL" }] } } },
      { ...workflow("INJ.FLOW", [{ name: "INJ.ECHO" }], [2]), data: { jobp: { ...workflow("INJ.FLOW", [{ name: "INJ.ECHO" }], [2]).data.jobp, prompt_set_list: [{ name: "PRPT.INJ" }] } } },
      jobEnvelope("INJ.ENV", ["env"]),
      { data: { login: { general_attributes: { name: "LOGIN.INJ.NOBODY" }, login_definitions: [{ agent: "*", user: "nobody" }] } }, path: "" },
      jobEnvelope("INJ.NOBODY.ENV", ["env"], { job_attributes: { platform: "UNIX", agent: "LOCAL", unix_shell: "sh", login: "LOGIN.INJ.NOBODY" } }),
      jobEnvelope("INJ.FAR.ENV", ["env"], { job_attributes: { platform: "UNIX", agent: "INJFAR", unix_shell: "sh" } }),
      {
        data: {
          user: {
            general_attributes: { name: RUNNER.name },
            user_attributes: { password: RUNNER.password },
            authorizations: [
              { filter_object_type: "JOBS", filter_object_name: "INJ.*", bitcode: Right.EXECUTE, auth_group: 1 },
              { filter_object_type: "JOBP", filter_object_name: "INJ.*", bitcode: Right.EXECUTE, auth_group: 1 },
            ],
          },
        },
        path: "USERS",
      },
    ];
    for (const envelope of envelopes) expect((await test.rest("/100/objects", json(envelope))).status).toBe(200);
  });

  afterAll(async () => {
    agent?.child.kill("SIGKILL");
    await test.stop();
    rmSync(work, { recursive: true, force: true });
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  const start = (objectName: string, inputs: Record<string, unknown>, authorization = runner) =>
    test.rest("/100/executions", { ...json({ object_name: objectName, execution_option: "execute", inputs }), headers: { "content-type": "application/json", authorization } });
  const executionCount = async () => OutExecutionList.parse(await (await test.rest("/100/executions?max_results=1000")).json()).total;
  /** The input at `path` was refused with 400: no execution was made and the injected command wrote no marker. */
  async function expectRefusedWithoutEffect(response: Response, path: string, executionsBefore: number, marker: string): Promise<void> {
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([expect.objectContaining({ path })]);
    expect(await executionCount()).toBe(executionsBefore);
    expect(existsSync(marker)).toBe(false);
  }
  async function report(runId: number): Promise<string> {
    const pages = await reportText(test.rest, 100, runId, "REP");
    return pages;
  }

  it.each([
    ["command substitution", (marker: string) => `$(id -un > ${marker})`],
    ["backticks", (marker: string) => `\`id -un > ${marker}\``],
    ["a quote that ends the string", (marker: string) => `'; id -un > ${marker}; '`],
    ["a double quote that ends the string", (marker: string) => `"; id -un > ${marker}; echo "`],
    ["a line break", (marker: string) => `x\nid -un > ${marker}`],
  ])("refuses %s in an input with 400, creates no execution and runs nothing", async (_, attack) => {
    const marker = join(work, `marker-${randomUUID()}`);
    const before = await executionCount();
    const response = await start("INJ.ECHO", { "IN#": attack(marker) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([expect.objectContaining({ code: ErrorCode.INVALID_REQUEST, path: "inputs.IN#", error: expect.stringContaining("shell") })]);
    expect(await executionCount()).toBe(before);
    // Had a job started, it would have had time to write the marker by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(marker)).toBe(false);
  });

  it.each([
    ["a start at a later time", (inputs: Record<string, string>) => ({ object_name: "INJ.ECHO", execution_option: "once", once: { execution_date_time: "2099-01-01T00:00:00Z" }, inputs })],
    ["a recurring start", (inputs: Record<string, string>) => ({ object_name: "INJ.ECHO", execution_option: "recurring", recurring: { execute_interval: "PT1S", end_after_executions: 1 }, inputs })],
    ["a workflow whose tasks inherit its inputs", (inputs: Record<string, string>) => ({ object_name: "INJ.FLOW", execution_option: "execute", inputs })],
  ])("refuses the same input when it comes with %s", async (_, body) => {
    const marker = join(work, `marker-${randomUUID()}`);
    const before = await executionCount();
    const response = await test.rest("/100/executions", { ...json(body({ "IN#": `$(id -un > ${marker})` })), headers: { "content-type": "application/json", authorization: runner } });
    await expectRefusedWithoutEffect(response, "inputs.IN#", before, marker);
  });

  it("refuses the same input on a restart, which then starts nothing", async () => {
    const ended = OutRunId.parse(await (await start("INJ.ECHO", { "IN#": "first" })).json()).run_id;
    await waitForEnd(test, 100, ended);
    const marker = join(work, `marker-${randomUUID()}`);
    const before = await executionCount();
    const response = await test.rest(`/100/executions/${ended}/status`, json({ action: "restart", restart: { inputs: { "IN#": `\`id -un > ${marker}\`` } } }));
    await expectRefusedWithoutEffect(response, "restart.inputs.IN#", before, marker);
  });

  it("passes a workflow's inputs to its tasks both ways", async () => {
    const flow = OutRunId.parse(await (await start("INJ.FLOW", { "IN#": "from the workflow" })).json()).run_id;
    expect((await waitForEnd(test, 100, flow)).status).toBe(1900);
    const list = OutExecutionList.parse(await (await test.rest(`/100/executions/${flow}/children`)).json());
    const task = list.data[0]?.run_id ?? 0;
    expect(await report(task)).toBe("value=from the workflow\nenv=from the workflow\n");
  });

  it("refuses an input the object's prompt sets do not declare, naming its path", async () => {
    const before = await executionCount();
    const response = await start("INJ.ECHO", { "FOO#": "bar" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([expect.objectContaining({ path: "inputs.FOO#", error: expect.stringContaining("is not an input") })]);
    expect(await executionCount()).toBe(before);
  });

  it("runs a declared input with a safe value, read through &IN# and through the environment as $IN", async () => {
    const response = await start("INJ.ECHO", { "IN#": "backup of /srv/data 2026-11-26" });
    expect(response.status).toBe(200);
    const runId = OutRunId.parse(await response.json()).run_id;
    expect((await waitForEnd(test, 100, runId)).status).toBe(1900);
    expect(await report(runId)).toBe("value=backup of /srv/data 2026-11-26\nenv=backup of /srv/data 2026-11-26\n");
  });

  it("takes shell characters where the prompt set element allows them", async () => {
    const response = await start("INJ.SHELL", { "EXPR#": "(6*7)" });
    expect(response.status).toBe(200);
    const runId = OutRunId.parse(await response.json()).run_id;
    expect((await waitForEnd(test, 100, runId)).status).toBe(1900);
    expect(await report(runId)).toBe("42\n");
  });

  /** The names of the variables an `env` report shows, and the report. */
  async function environmentOf(objectName: string): Promise<{ names: string[]; text: string }> {
    const runId = OutRunId.parse(await (await start(objectName, {})).json()).run_id;
    expect((await waitForEnd(test, 100, runId)).status).toBe(1900);
    const text = await report(runId);
    return { names: text.split("\n").filter((line) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(line)).map((line) => line.slice(0, line.indexOf("="))), text };
  }

  function expectNoSecret({ names, text }: { names: string[]; text: string }): void {
    for (const [name, value] of Object.entries(SECRETS)) {
      expect(names).not.toContain(name);
      expect(text).not.toContain(value);
    }
    expect(names).not.toContain("TEST_DATABASE_URL");
    expect(names.filter((name) => !/^(PATH|LANG|LANGUAGE|LC_\w+|TZ|TMPDIR|HOME|SHELL|USER|LOGNAME|PWD|SHLVL|OLDPWD|_|BATON_(AGENT|CLIENT|JOB|RUN_ID))$/.test(name))).toEqual([]);
  }

  it("gives a job of the embedded agent none of the server's environment", async () => {
    const env = await environmentOf("INJ.ENV");
    expectNoSecret(env);
    expect(env.text).toContain(`HOME=${userInfo().homedir}\n`);
  });

  // Only root may start a job as another OS user.
  it.skipIf(userInfo().uid !== 0)("gives a job that runs as another OS user through a LOGIN none of it either, and that user's HOME", async () => {
    const env = await environmentOf("INJ.NOBODY.ENV");
    expectNoSecret(env);
    expect(env.text).toContain("HOME=/nonexistent\n");
    expect(env.text).toContain("USER=nobody\n");
    expect(env.text).toContain("LOGNAME=nobody\n");
  });

  it("gives a job of a standalone baton-agent none of the agent process's environment", async () => {
    // The agent process inherits this process's environment, secrets included, and its token.
    agent = startAgentProcess(test.baton.url, "injfar", join(work, "agent-injfar"), AGENT_TOKEN);
    await agent.connected();
    expectNoSecret(await environmentOf("INJ.FAR.ENV"));
  });
});
