import { OutExecution, OutObjectErt, OutRunId } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEnvelope, json, startTestBaton, until, waitForEnd, type TestBaton } from "./testing/test-baton";

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
});
