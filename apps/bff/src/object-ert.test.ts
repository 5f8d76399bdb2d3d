import { OutExecution, OutObjectErt, OutRunId, Right } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basic, jobEnvelope, json, startTestBaton, until, waitForEnd, type TestBaton } from "./testing/test-baton";

/** GET /objects/{name}/ert (Baton extension): the ERT an object's next execution starts with. */
describe.each(testDialects)("an object's ERT on %s", (dialect) => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton(dialect);
  });
  afterAll(async () => {
    await test.stop();
  });

  async function ert(name: string): Promise<OutObjectErt> {
    const response = await test.rest(`/100/objects/${encodeURIComponent(name)}/ert`);
    expect(response.status, await response.clone().text()).toBe(200);
    return OutObjectErt.parse(await response.json());
  }

  async function execute(name: string): Promise<number> {
    const response = await test.rest("/100/executions", json({ objectName: name, executionOption: "execute" }));
    expect(response.status, await response.clone().text()).toBe(200);
    return OutRunId.parse(await response.json()).run_id;
  }

  it("has none before a run ended OK, then the estimate the next execution starts with", async () => {
    expect((await test.rest("/100/objects", json(jobEnvelope("ERT.NEXT", ["sleep 1"])))).status).toBe(200);
    expect(await ert("ert.next")).toEqual({ object_name: "ERT.NEXT" });

    expect((await waitForEnd(test, 100, await execute("ERT.NEXT"))).status).toBe(1900);
    // The estimate is recomputed once the end has been recorded.
    await until(async () => (await ert("ERT.NEXT")).estimated_runtime !== undefined);
    const { estimated_runtime: seconds } = await ert("ERT.NEXT");
    expect(seconds).toBeGreaterThanOrEqual(1);

    // One ERT: the next execution carries the same number.
    const next = await execute("ERT.NEXT");
    const execution = OutExecution.parse(await (await test.rest(`/100/executions/${next}`)).json());
    expect(execution.estimated_runtime).toBe(seconds);
    await waitForEnd(test, 100, next);
  });

  it("answers a FIXED estimate without any run, and 404 for an object that does not exist", async () => {
    const fixed = jobEnvelope("ERT.FIXED", ["true"], { general_attributes: { name: "ERT.FIXED", type: "JOBS", ert_method: "FIXED", ert_fixed: "42" } });
    expect((await test.rest("/100/objects", json(fixed))).status).toBe(200);
    expect(await ert("ERT.FIXED")).toEqual({ object_name: "ERT.FIXED", estimated_runtime: 42 });
    expect((await test.rest("/100/objects/ERT.NOWHERE/ert")).status).toBe(404);
  });

  it("answers only who may read the object, in its own client, as GET of the object does", async () => {
    expect((await test.rest("/100/objects", json(jobEnvelope("ERTR.MINE.JOB", ["true"])))).status).toBe(200);
    expect((await test.rest("/100/objects", json(jobEnvelope("ERTR.THEIRS.JOB", ["true"])))).status).toBe(200);
    const user = {
      general_attributes: { name: "ERTREADER/OPS" },
      user_attributes: { password: "Reader-pass1" },
      authorizations: [{ filter_object_type: "*", filter_object_name: "ERTR.MINE.*", bitcode: Right.READ, auth_group: 1 }],
    };
    expect((await test.rest("/100/objects", json({ data: { user }, path: "USERS" }))).status).toBe(200);
    const reader = { headers: { authorization: basic("100/ERTREADER/OPS:Reader-pass1") } };
    const statuses = async (path: string, init: RequestInit = {}) => [(await test.rest(path, init)).status, (await test.rest(`${path}/ert`, init)).status];
    expect(await statuses("/100/objects/ERTR.MINE.JOB", reader)).toEqual([200, 200]);
    expect(await statuses("/100/objects/ERTR.THEIRS.JOB", reader)).toEqual([403, 403]);
    // Another client's path with this client's login (not a login of client 200), and no login at all.
    expect(await statuses("/200/objects/ERTR.MINE.JOB", reader)).toEqual([401, 401]);
    const [withoutLogin, ertWithoutLogin] = await statuses("/100/objects/ERTR.MINE.JOB", { headers: { authorization: "" } });
    expect([withoutLogin, ertWithoutLogin]).toEqual([401, 401]);
  });
});
