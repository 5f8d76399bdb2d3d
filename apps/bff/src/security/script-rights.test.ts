import { ALL_RIGHTS, OutExecution, OutObject, OutRunId, Right } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportText } from "../testing/report-text";
import { ADMIN, basic, jobEnvelope, json, startTestBaton, until, waitForEnd, type TestBaton } from "../testing/test-baton";

/*
 * A user with the SCRIPTS privilege runs scripts as itself: every script function that touches an
 * object or execution asks what the REST route for the same act asks (auth/acts), and writing a
 * UC_* system variable needs SYSTEM_ADMINISTRATION. Executions started by a user run their pages
 * with that user's rights.
 */

const SECRET = "hunter2-only-for-admins";
const SCRIPTER = basic("SCRIPTER/OPS:Scripter-pass1");
const RUNNER = basic("RUNNER/OPS:Runner-pass1");

function vara(name: string, rows: Array<{ key: string; value1: string }>) {
  return { data: { vara: { general_attributes: { name, type: "VARA" }, static_values: rows } }, path: "" };
}

function user(name: string, password: string, privileges: string[], authorizations: Array<{ type: string; name: string; bitcode: number; grant?: boolean }>) {
  return {
    data: {
      user: {
        general_attributes: { name, type: "USER" },
        user_attributes: { is_active: "1", is_locked: "0", password },
        privileges,
        authorizations: authorizations.map((a) => ({ filter_object_type: a.type, filter_object_name: a.name, bitcode: a.bitcode, auth_group: a.grant === false ? 0 : 1 })),
      },
    },
    path: "USERS",
  };
}

describe.each(testDialects)("scripts act with the caller's rights on %s", (dialect) => {
  let test: TestBaton;

  beforeAll(async () => {
    test = await startTestBaton(dialect);
    const imports = [
      vara("VARA.SECRET", [{ key: "PASSWORD", value1: SECRET }]),
      vara("VARA.OPEN", [{ key: "HOST", value1: "alpha" }]),
      vara("UC_CLIENT_SETTINGS", [{ key: "LOGIN_MAX_FAILURES", value1: "5" }]),
      // Writes every VARA and reads VARA.OPEN: what stops it at UC_CLIENT_SETTINGS is the privilege alone.
      user("SCRIPTER/OPS", "Scripter-pass1", ["SCRIPTS"], [
        { type: "VARA", name: "*", bitcode: Right.WRITE },
        { type: "VARA", name: "VARA.OPEN", bitcode: Right.READ },
        { type: "JOBS", name: "SCR.OWN", bitcode: ALL_RIGHTS },
        { type: "JOBS", name: "SCR.SEEN", bitcode: Right.STATISTICS },
      ]),
      // May start the objects that read VARA.SECRET, but not read it: no SCRIPTS privilege either.
      user("RUNNER/OPS", "Runner-pass1", [], [
        { type: "SCRI", name: "SCR.PEEK", bitcode: Right.EXECUTE | Right.STATISTICS },
        { type: "JOBS", name: "SCR.PEEK.JOB", bitcode: Right.EXECUTE | Right.STATISTICS },
      ]),
      { data: { scri: { general_attributes: { name: "SCR.PEEK", type: "SCRI" }, scripts: [{ process: [":SET &V# = GET_VAR(VARA.SECRET, PASSWORD)", ':PRINT "peeked &V#"'] }] } }, path: "" },
      jobEnvelope("SCR.PEEK.JOB", ["echo job saw &V#"], { scripts: [{ pre_process: [":SET &V# = GET_VAR(VARA.SECRET, PASSWORD)"] }, { process: ["echo job saw &V#"] }] }),
      jobEnvelope("SCR.OWN", ["sleep 30"]),
      jobEnvelope("SCR.SEEN", ["sleep 30"]),
      jobEnvelope("SCR.HIDDEN", ["sleep 30"]),
    ];
    for (const envelope of imports) {
      const response = await test.rest("/100/objects?overwrite_existing_objects=true", json(envelope));
      expect(response.status, await response.clone().text()).toBe(200);
    }
  });
  afterAll(async () => {
    await test.stop();
  });

  /** Runs a script with POST /scripts as `authorization` and waits for its end. */
  async function runScript(authorization: string, lines: string[]): Promise<OutExecution> {
    const response = await test.rest("/100/scripts", { ...json({ script: lines }), headers: { "content-type": "application/json", authorization } });
    expect(response.status, await response.clone().text()).toBe(200);
    return waitForEnd(test, 100, OutRunId.parse(await response.json()).run_id);
  }

  async function execute(name: string, authorization = ADMIN): Promise<number> {
    const response = await test.rest("/100/executions", { ...json({ objectName: name, executionOption: "execute" }), headers: { "content-type": "application/json", authorization } });
    expect(response.status, await response.clone().text()).toBe(200);
    return OutRunId.parse(await response.json()).run_id;
  }

  /** The text of a report; empty when the execution has none of that type (a job that never started has no REP). */
  function report(runId: number, type = "ACT"): Promise<string> {
    return reportText(test.rest, 100, runId, type);
  }

  async function status(runId: number): Promise<number> {
    return OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json()).status;
  }

  async function settingsRows(): Promise<unknown> {
    return OutObject.parse(await (await test.rest("/100/objects/UC_CLIENT_SETTINGS")).json()).data["vara"]?.["static_values"];
  }

  it("GET_VAR of a VARA the user may not read ends the script with the REST API's 403 details, and the value reaches no report", async () => {
    const run = await runScript(SCRIPTER, [":SET &V# = GET_VAR(VARA.SECRET, PASSWORD)", ':PRINT "got &V#"']);
    expect(run.status).toBe(1800);
    const act = await report(run.run_id);
    expect(act).toContain("'Missing right': read on VARA 'VARA.SECRET' for user SCRIPTER/OPS: Access denied");
    expect(act).not.toContain(SECRET);
    expect(JSON.stringify(await (await test.rest(`/100/executions/${run.run_id}/variables`)).json())).not.toContain(SECRET);
    // The same check answers GET /objects/VARA.SECRET for this user.
    expect((await fetch(`${test.baton.restUrl}/100/objects/VARA.SECRET`, { headers: { authorization: SCRIPTER } })).status).toBe(403);
  });

  it("PREP_PROCESS_VAR of a VARA the user may not read ends the script the same way", async () => {
    const run = await runScript(SCRIPTER, [":SET &H# = PREP_PROCESS_VAR(VARA.SECRET)", ":PROCESS &H#", ":PRINT GET_PROCESS_LINE(&H#, 2)", ":ENDPROCESS"]);
    expect(run.status).toBe(1800);
    const act = await report(run.run_id);
    expect(act).toContain("'Missing right': read on VARA 'VARA.SECRET' for user SCRIPTER/OPS");
    expect(act).not.toContain(SECRET);
  });

  it("reads and writes the VARAs the user may", async () => {
    const run = await runScript(SCRIPTER, [":SET &H# = GET_VAR(VARA.OPEN, HOST)", ':PUT_VAR VARA.OPEN, "COPY", "&H#-copy"', ':PRINT "host &H#"']);
    expect(run.status).toBe(1900);
    expect(await report(run.run_id)).toContain("host alpha");
    expect(OutObject.parse(await (await test.rest("/100/objects/VARA.OPEN")).json()).data["vara"]?.["static_values"]).toContainEqual({ key: "COPY", value1: "alpha-copy" });
  });

  it(":PUT_VAR of UC_CLIENT_SETTINGS needs SYSTEM_ADMINISTRATION: refused, the setting unchanged, as the import of it is", async () => {
    const run = await runScript(SCRIPTER, [":PUT_VAR UC_CLIENT_SETTINGS, LOGIN_MAX_FAILURES, 99999"]);
    expect(run.status).toBe(1800);
    expect(await report(run.run_id)).toContain("'Missing privilege': SYSTEM_ADMINISTRATION for user SCRIPTER/OPS: Access denied");
    expect(await settingsRows()).toEqual([{ key: "LOGIN_MAX_FAILURES", value1: "5" }]);

    const imported = await fetch(`${test.baton.restUrl}/100/objects?overwrite_existing_objects=true`, {
      ...json(vara("UC_CLIENT_SETTINGS", [{ key: "LOGIN_MAX_FAILURES", value1: "99999" }])),
      headers: { "content-type": "application/json", authorization: SCRIPTER },
    });
    expect(imported.status).toBe(403);
    expect(await settingsRows()).toEqual([{ key: "LOGIN_MAX_FAILURES", value1: "5" }]);
  });

  it("CANCEL_UC_OBJECT answers 3 for executions the user may not cancel and leaves them running; GET_UC_OBJECT_STATUS sees nothing of a run it may not see", async () => {
    const hidden = await execute("SCR.HIDDEN");
    const seen = await execute("SCR.SEEN");
    const own = await execute("SCR.OWN");
    for (const runId of [hidden, seen, own]) await until(async () => (await status(runId)) === 1550);

    const run = await runScript(SCRIPTER, [
      `:SET &HS# = GET_UC_OBJECT_STATUS(${hidden})`,
      `:SET &SS# = GET_UC_OBJECT_STATUS(${seen})`,
      `:SET &HC# = CANCEL_UC_OBJECT(${hidden})`,
      `:SET &SC# = CANCEL_UC_OBJECT(${seen})`,
      `:SET &OC# = CANCEL_UC_OBJECT(${own})`,
      ':PRINT "status &HS# &SS# cancel &HC# &SC# &OC#"',
    ]);
    expect(run.status).toBe(1900);
    expect(await report(run.run_id)).toContain("status 0 1550 cancel 3 3 0");
    expect(await status(hidden)).toBe(1550);
    expect(await status(seen)).toBe(1550);
    expect((await waitForEnd(test, 100, own)).status).toBe(1850);
    for (const runId of [hidden, seen]) await test.rest(`/100/executions/${runId}/status`, json({ action: "cancel" }));
  });

  it("an administrator's same script reads, writes and cancels", async () => {
    const hidden = await execute("SCR.HIDDEN");
    await until(async () => (await status(hidden)) === 1550);
    const run = await runScript(ADMIN, [
      ":SET &V# = GET_VAR(VARA.SECRET, PASSWORD)",
      `:SET &S# = GET_UC_OBJECT_STATUS(${hidden})`,
      `:SET &C# = CANCEL_UC_OBJECT(${hidden})`,
      ":PUT_VAR UC_CLIENT_SETTINGS, LOGIN_MAX_FAILURES, 6",
      ':PRINT "admin &V# &S# &C#"',
    ]);
    expect(run.status).toBe(1900);
    expect(await report(run.run_id)).toContain(`admin ${SECRET} 1550 0`);
    expect(await settingsRows()).toEqual([{ key: "LOGIN_MAX_FAILURES", value1: "6" }]);
    expect((await waitForEnd(test, 100, hidden)).status).toBe(1850);
  });

  it("a SCRI object or a job's pre-process runs with the rights of the user who activated it", async () => {
    const script = await waitForEnd(test, 100, await execute("SCR.PEEK", RUNNER));
    expect(script.status).toBe(1800);
    expect(script.user).toBe("RUNNER/OPS");
    expect(await report(script.run_id)).toContain("'Missing right': read on VARA 'VARA.SECRET' for user RUNNER/OPS");
    expect(await report(script.run_id)).not.toContain(SECRET);

    const job = await waitForEnd(test, 100, await execute("SCR.PEEK.JOB", RUNNER));
    expect(job.status).toBe(1800);
    expect(await report(job.run_id)).not.toContain(SECRET);
    expect(await report(job.run_id, "REP")).not.toContain(SECRET);

    // Activated by the administrator, the same objects read it.
    const asAdmin = await waitForEnd(test, 100, await execute("SCR.PEEK"));
    expect(asAdmin.status).toBe(1900);
    expect(await report(asAdmin.run_id)).toContain(`peeked ${SECRET}`);
  });
});
