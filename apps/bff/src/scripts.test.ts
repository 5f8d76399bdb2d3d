import { ErrorCode, OutExecutionList, OutObject, OutRunId, type OutExecution } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportText } from "./testing/report-text";
import { basic, jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "./testing/test-baton";

describe.each(testDialects)("scripts on %s", (dialect) => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton(dialect);
  });
  afterAll(async () => {
    await test.stop();
  });

  async function runScript(script: string | string[]): Promise<OutExecution> {
    const response = await test.rest("/100/scripts", json({ script }));
    expect(response.status, await response.clone().text()).toBe(200);
    return waitForEnd(test, 100, OutRunId.parse(await response.json()).run_id);
  }

  async function report(runId: number, type = "ACT"): Promise<string> {
    return reportText(test.rest, 100, runId, type);
  }

  async function execute(name: string): Promise<OutExecution> {
    const response = await test.rest("/100/executions", json({ objectName: name, executionOption: "execute" }));
    expect(response.status, await response.clone().text()).toBe(200);
    return waitForEnd(test, 100, OutRunId.parse(await response.json()).run_id);
  }

  it("runs a script: output in the ACT report, variables kept on the execution", async () => {
    const execution = await runScript(':SET &N# = 2 + 3\n:PRINT "sum is &N#"');
    expect(execution).toMatchObject({ name: "SCRIPT", type: "SCRI", status: 1900, return_code: 0 });
    expect(await report(execution.run_id)).toMatch(/Z sum is 5\n/);
    expect(await (await test.rest(`/100/executions/${execution.run_id}/variables`)).json()).toMatchObject({ "N#": 5 });
  });

  it("takes the script as an array of lines", async () => {
    const execution = await runScript([":SET &A# = 'x'", ':PRINT "a=&A#"']);
    expect(await report(execution.run_id)).toContain("a=x");
  });

  it("refuses a script that does not parse with its line and column, starting nothing", async () => {
    const before = OutExecutionList.parse(await (await test.rest("/100/executions?type=SCRI")).json()).total;
    const response = await test.rest("/100/scripts", json({ script: ':PRINT "ok"\n:SETT &X# = 1' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([
      { code: ErrorCode.SCRIPT_SYNTAX, error: expect.any(String), path: "script", invalid_value: ":SETT &X# = 1", line: 2, column: expect.any(Number) },
    ]);
    expect(OutExecutionList.parse(await (await test.rest("/100/executions?type=SCRI")).json()).total).toBe(before);
  });

  it("refuses an empty script", async () => {
    const response = await test.rest("/100/scripts", json({ script: "  \n" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([expect.objectContaining({ path: "script", error: expect.stringContaining("empty") })]);
  });

  it("ends not OK on a runtime error, saying where", async () => {
    const execution = await runScript(':PRINT "before"\n:SET &X# = &UNDEFINED#');
    expect(execution).toMatchObject({ status: 1800 });
    const act = await report(execution.run_id);
    expect(act).toContain("before");
    expect(act).toMatch(/U00020999 Runtime error in line 2, column \d+: .*&UNDEFINED#/);
  });

  it("stops an endless loop at the step limit", async () => {
    const execution = await runScript(":WHILE 1 = 1\n:ENDWHILE");
    expect(execution.status).toBe(1800);
    expect(await report(execution.run_id)).toMatch(/step limit/i);
  });

  it("reads and writes static variables", async () => {
    await test.rest("/100/objects", json({ data: { vara: { general_attributes: { name: "VARA.SETTINGS", type: "VARA" }, static_values: [{ key: "HOST", value1: "alpha" }] } }, path: "" }));
    const execution = await runScript([":SET &H# = GET_VAR(VARA.SETTINGS, HOST)", ':PUT_VAR VARA.SETTINGS, "COPY", "&H#-copy"', ':PRINT "host &H#"']);
    expect(execution.status).toBe(1900);
    const act = await report(execution.run_id);
    expect(act).toContain("host alpha");
    expect(act).toContain("U00020206");
    const vara = OutObject.parse(await (await test.rest("/100/objects/VARA.SETTINGS")).json());
    expect(vara.data["vara"]?.["static_values"]).toEqual([{ key: "HOST", value1: "alpha" }, { key: "COPY", value1: "alpha-copy" }]);
  });

  it("fails on a static variable that does not exist", async () => {
    const execution = await runScript(":SET &H# = GET_VAR(VARA.MISSING, HOST)");
    expect(execution.status).toBe(1800);
    expect(await report(execution.run_id)).toContain("VARA.MISSING");
  });

  it("activates objects, waits for them and reads their status", async () => {
    await test.rest("/100/objects", json(jobEnvelope("SCRIPTED.JOB", ["echo from-activated-job"])));
    const execution = await runScript([
      ":SET &RUN# = ACTIVATE_UC_OBJECT(SCRIPTED.JOB, WAIT)",
      ":SET &STATUS# = GET_UC_OBJECT_STATUS(&RUN#)",
      ':PRINT "status &STATUS#"',
    ]);
    expect(execution.status).toBe(1900);
    const act = await report(execution.run_id);
    const activated = /U00007000 'SCRIPTED.JOB' activated with RunID '(\d+)'/.exec(act);
    expect(activated).not.toBeNull();
    expect(act).toContain("status 1900");
    expect(await report(Number(activated?.[1]), "REP")).toBe("from-activated-job\n");
  });

  it("hands :RSET values of an activated object back to the script that waited for it", async () => {
    await test.rest("/100/objects", json({ data: { scri: { general_attributes: { name: "SCRI.ANSWER" }, scripts: [{ process: [":RSET &ANSWER# = 6 * 7", ":SET &PRIVATE# = 1"] }] } }, path: "" }));
    const execution = await runScript([":SET &R# = ACTIVATE_UC_OBJECT(SCRI.ANSWER, WAIT)", ':PRINT "answer &ANSWER#, private &PRIVATE#"']);
    expect(await report(execution.run_id)).toContain("answer 42, private &PRIVATE#");
  });

  it("runs SCRI objects, and stops a chain of activations at depth 16", async () => {
    await test.rest("/100/objects", json({ data: { scri: { general_attributes: { name: "SCRI.HELLO" }, scripts: [{ process: [':PRINT "hello from SCRI"'] }] } }, path: "" }));
    const hello = await execute("SCRI.HELLO");
    expect(hello).toMatchObject({ type: "SCRI", status: 1900 });
    expect(await report(hello.run_id)).toContain("hello from SCRI");

    await test.rest("/100/objects", json({ data: { scri: { general_attributes: { name: "SCRI.RECURSE" }, scripts: [{ process: [":SET &R# = ACTIVATE_UC_OBJECT(SCRI.RECURSE, WAIT)"] }] } }, path: "" }));
    // Each script waits for the one it started; the 17th (depth 16) may not start another and fails.
    const first = await execute("SCRI.RECURSE");
    expect(first.status).toBe(1900);
    const chain = OutExecutionList.parse(await (await test.rest("/100/executions?name=SCRI.RECURSE&max_results=100")).json());
    expect(chain.total).toBe(17);
    expect(chain.data.map((e) => e.status)).toEqual([1800, ...Array<number>(16).fill(1900)]);
    expect(await report(chain.data[0]?.run_id ?? 0)).toMatch(/deeper than 16/);
  });

  it("runs a job's pre-process, process statements and post-process around its shell text", async () => {
    await test.rest(
      "/100/objects",
      json(
        jobEnvelope("PAGES.JOB", [":SET &GREETING# = STR_CAT(&PREFIX#, '-world')", "echo &GREETING#", ":IF &SKIP# = 'yes'", "echo skipped", ":ENDIF", "exit 4"], {
          scripts: [
            { pre_process: [":SET &PREFIX# = 'hello'", ":SET &SKIP# = 'yes'"] },
            { process: [":SET &GREETING# = STR_CAT(&PREFIX#, '-world')", "echo &GREETING#", ":IF &SKIP# = 'no'", "echo skipped", ":ENDIF", "exit 4"] },
            { post_process: [':PRINT "post saw &RETURN_CODE#"'] },
          ],
        }),
      ),
    );
    const execution = await execute("PAGES.JOB");
    expect(execution).toMatchObject({ status: 1800, return_code: 4 });
    expect(await report(execution.run_id, "REP")).toBe("hello-world\n");
    expect(await report(execution.run_id)).toContain("post saw 4");
  });

  it("fails a job whose post-process ends not OK with FAULT_POST_PROCESSING", async () => {
    await test.rest("/100/objects", json(jobEnvelope("POST.FAIL", ["true"], { scripts: [{ process: ["true"] }, { post_process: [":EXIT 1"] }] })));
    expect(await execute("POST.FAIL")).toMatchObject({ status: 1823, return_code: 0 });
  });

  it("refuses to import a job or script whose page does not parse", async () => {
    const response = await test.rest("/100/objects", json(jobEnvelope("BROKEN.PAGE", ["echo fine", ":IF &X# ="])));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([expect.objectContaining({ code: ErrorCode.SCRIPT_SYNTAX, path: "data.jobs.scripts[0].process", line: 2 })]);
    expect((await test.rest("/100/objects/BROKEN.PAGE")).status).toBe(404);
  });

  it("needs the SCRIPTS privilege", async () => {
    await test.rest("/100/objects", json({ data: { user: { general_attributes: { name: "NOSCRIPT/OPS" }, user_attributes: { password: "Nope-pass1" } } }, path: "" }));
    const response = await fetch(`${test.baton.restUrl}/100/scripts`, { method: "POST", headers: { authorization: basic("NOSCRIPT/OPS:Nope-pass1") }, body: JSON.stringify({ script: ":PRINT 1" }) });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("SCRIPTS");
  });
});
