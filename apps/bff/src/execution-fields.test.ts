import { ErrorCode, OutExecution, OutExecutionList, OutRunId } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEnvelope, json, startTestBaton, until, waitForEnd, type TestBaton } from "./testing/test-baton";
import { workflow } from "./testing/workflow-envelope";

describe("fields of one execution", () => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton();
  });
  afterAll(async () => {
    await test.stop();
  });

  it("adds variables, comments, reports, restarts, predecessors and recurring when asked", async () => {
    await test.rest("/100/objects", json(jobEnvelope("FIELDS.FIRST", ["echo first"])));
    await test.rest("/100/objects", json(jobEnvelope("FIELDS.FAILS", ["exit 2"], { object_variables: [{ name: "&TARGET#", value: "/tmp" }] })));
    await test.rest("/100/objects", json(workflow("FIELDS.FLOW", [{ name: "FIELDS.FIRST" }, { name: "FIELDS.FAILS", after: [2] }], [3])));
    const flow = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "FIELDS.FLOW", executionOption: "execute" }))).json()).run_id;
    const tasks = async () => OutExecutionList.parse(await (await test.rest(`/100/executions/${flow}/children`)).json()).data;
    await until(async () => (await tasks()).some((t) => t.name === "FIELDS.FAILS" && t.status === 1800));
    const failed = (await tasks()).find((t) => t.name === "FIELDS.FAILS");
    const first = (await tasks()).find((t) => t.name === "FIELDS.FIRST");
    const restart = OutRunId.parse(await (await test.rest(`/100/executions/${failed?.run_id}/status`, json({ action: "restart" }))).json()).run_id;
    await waitForEnd(test, 100, restart);
    await test.rest(`/100/executions/${restart}/comments`, json({ comment: "looked at it" }));

    const plain = OutExecution.parse(await (await test.rest(`/100/executions/${restart}`)).json());
    expect(plain).not.toHaveProperty("variables");
    expect(plain).not.toHaveProperty("restarts");

    const response = await test.rest(`/100/executions/${restart}?fields=variables,comments,reports,restarts,predecessors,recurring`);
    expect(response.status).toBe(200);
    const full = OutExecution.parse(await response.json());
    expect(full.variables).toMatchObject({ "TARGET#": "/tmp" });
    expect(full.comments).toEqual([expect.objectContaining({ comment: "looked at it", user: "ADMIN/ADMIN" })]);
    expect(full.reports?.map((r) => r.type).sort()).toEqual(["ACT", "REP"]);
    expect(full.reports?.[0]).toMatchObject({ is_db: true, is_xml: false });
    expect(full.restarts).toBe(1);
    expect(full.predecessors).toEqual([{ run_id: first?.run_id, object_name: "FIELDS.FIRST", status: 1900 }]);
    // Not a period container: no recurring member.
    expect(full).not.toHaveProperty("recurring");
    await test.rest(`/100/executions/${flow}/status`, json({ action: "cancel" }));
  });

  it("refuses a field it does not know", async () => {
    const runId = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "FIELDS.FIRST", executionOption: "execute" }))).json()).run_id;
    const response = await test.rest(`/100/executions/${runId}?fields=comments,everything`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([expect.objectContaining({ code: ErrorCode.INVALID_REQUEST, path: "fields", error: expect.stringContaining("'everything' is not one of") })]);
  });
});
