import { ErrorCode } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEnvelope } from "../testing/envelopes";
import { testDialects } from "../testing/test-databases";
import { refusal, startTestEngine, type TestEngine } from "../testing/test-engine";

describe.each(testDialects)("execution comments on %s", (dialect) => {
  let test: TestEngine;
  let runId = 0;
  beforeAll(async () => {
    test = await startTestEngine(dialect);
    await test.importObjects(jobEnvelope("COMMENTED.JOB", ["true"]));
    runId = await test.start("COMMENTED.JOB");
    await test.waitForEnd(runId);
  });
  afterAll(() => test.stop());

  const comments = (of: number) => test.engine.executions.comments(test.admin, of);

  it("adds comments and lists them oldest first, also with the comments field", async () => {
    const before = Date.now();
    const first = await test.engine.executions.addComment(test.admin, runId, "rerun after the disk was cleaned");
    expect(first).toMatchObject({ comment: "rerun after the disk was cleaned", user: "ADMIN/ADMIN" });
    await test.engine.executions.addComment(test.admin, runId, "");
    const list = await comments(runId);
    expect(list.map((c) => c.comment)).toEqual(["rerun after the disk was cleaned", ""]);
    expect(list[0]?.timestamp).toBeGreaterThanOrEqual(before);
    expect(list[0]?.timestamp).toBeLessThanOrEqual(Date.now());
    const execution = await test.engine.executions.detail(test.admin, runId, ["comments"]);
    expect(execution.comments?.map((c) => c.comment)).toEqual(["rerun after the disk was cleaned", ""]);
  });

  it("lists only commented executions when asked for commented ones only", async () => {
    const other = await test.start("COMMENTED.JOB");
    await test.waitForEnd(other);
    const commented = await test.engine.executions.list(test.admin, { commentedOnly: true }, { maxResults: 50 });
    expect(commented.executions.map((e) => e.runId)).toEqual([runId]);
    expect((await test.engine.executions.list(test.admin, { commentedOnly: false }, { maxResults: 50 })).total).toBe(2);
  });

  it.each<[string, { comment?: unknown }, number]>([
    ["no comment", {}, ErrorCode.COMMENT_PROPERTY_NULL],
    ["a null comment", { comment: null }, ErrorCode.COMMENT_PROPERTY_NULL],
    ["1025 characters", { comment: "x".repeat(1025) }, ErrorCode.COMMENT_PROPERTY_INVALID],
    ["a number", { comment: 42 }, ErrorCode.COMMENT_PROPERTY_INVALID],
  ])("refuses %s with its code, adding nothing", async (_, body, code) => {
    const before = (await comments(runId)).length;
    const refused = await refusal(test.engine.executions.addComment(test.admin, runId, body.comment));
    expect(refused).toMatchObject({ kind: "validation", issues: [expect.objectContaining({ code, path: "comment" })] });
    expect(await comments(runId)).toHaveLength(before);
  });

  it("refuses with 45149 when the client does not allow comments, and as not found for an unknown execution", async () => {
    await test.importObjects({ data: { vara: { general_attributes: { name: "UC_CLIENT_SETTINGS" }, static_values: [{ key: "EXECUTION_COMMENTS", value1: "OFF" }] } }, path: "" });
    const refused = await refusal(test.engine.executions.addComment(test.admin, runId, "not here"));
    expect(refused).toMatchObject({ kind: "validation", issues: [expect.objectContaining({ code: ErrorCode.COMMENT_CLIENT_NOT_ALLOWED })] });
    expect(await refusal(test.engine.executions.addComment(test.admin, 999999, "x"))).toMatchObject({ kind: "not_found" });
    expect(await refusal(comments(999999))).toMatchObject({ kind: "not_found" });
  });
});
