import { ErrorCode, OutComment, OutExecution, OutExecutionList, OutRunId } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "./testing/test-baton";

describe.each(testDialects)("execution comments on %s", (dialect) => {
  let test: TestBaton;
  let runId = 0;
  beforeAll(async () => {
    test = await startTestBaton(dialect);
    await test.rest("/100/objects", json(jobEnvelope("COMMENTED.JOB", ["true"])));
    runId = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "COMMENTED.JOB", executionOption: "execute" }))).json()).run_id;
    await waitForEnd(test, 100, runId);
  });
  afterAll(async () => {
    await test.stop();
  });

  it("adds comments (any content type) and lists them oldest first, also with fields=comments", async () => {
    const first = await test.rest(`/100/executions/${runId}/comments`, { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify({ comment: "rerun after the disk was cleaned" }) });
    expect(first.status).toBe(200);
    expect(OutComment.parse(await first.json())).toMatchObject({ comment: "rerun after the disk was cleaned", user: "ADMIN/ADMIN" });
    await test.rest(`/100/executions/${runId}/comments`, json({ comment: "" }));
    const list = z.array(OutComment).parse(await (await test.rest(`/100/executions/${runId}/comments`)).json());
    expect(list.map((c) => c.comment)).toEqual(["rerun after the disk was cleaned", ""]);
    expect(list[0]?.timestamp).toMatch(/Z$/);
    const execution = OutExecution.parse(await (await test.rest(`/100/executions/${runId}?fields=comments`)).json());
    expect(execution.comments?.map((c) => c.comment)).toEqual(["rerun after the disk was cleaned", ""]);
  });

  it("lists only commented executions with commented_only=true", async () => {
    const other = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "COMMENTED.JOB", executionOption: "execute" }))).json()).run_id;
    await waitForEnd(test, 100, other);
    const commented = OutExecutionList.parse(await (await test.rest("/100/executions?commented_only=true")).json());
    expect(commented.data.map((e) => e.run_id)).toEqual([runId]);
    expect(OutExecutionList.parse(await (await test.rest("/100/executions?commented_only=false")).json()).total).toBe(2);
  });

  it.each([
    ["no comment", {}, ErrorCode.COMMENT_PROPERTY_NULL],
    ["a null comment", { comment: null }, ErrorCode.COMMENT_PROPERTY_NULL],
    ["1025 characters", { comment: "x".repeat(1025) }, ErrorCode.COMMENT_PROPERTY_INVALID],
    ["a number", { comment: 42 }, ErrorCode.COMMENT_PROPERTY_INVALID],
  ])("refuses %s with its code, adding nothing", async (_, body, code) => {
    const before = z.array(OutComment).parse(await (await test.rest(`/100/executions/${runId}/comments`)).json()).length;
    const response = await test.rest(`/100/executions/${runId}/comments`, json(body));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([expect.objectContaining({ code, path: "comment" })]);
    expect(z.array(OutComment).parse(await (await test.rest(`/100/executions/${runId}/comments`)).json())).toHaveLength(before);
  });

  it("answers 45149 when the client does not allow comments, and 404 for an unknown execution", async () => {
    await test.rest("/100/objects", json({ data: { vara: { general_attributes: { name: "UC_CLIENT_SETTINGS" }, static_values: [{ key: "EXECUTION_COMMENTS", value1: "OFF" }] } }, path: "" }));
    const refused = await test.rest(`/100/executions/${runId}/comments`, json({ comment: "not here" }));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual([expect.objectContaining({ code: ErrorCode.COMMENT_CLIENT_NOT_ALLOWED })]);
    expect((await test.rest("/100/executions/999999/comments", json({ comment: "x" }))).status).toBe(404);
    expect((await test.rest("/100/executions/999999/comments")).status).toBe(404);
  });
});
