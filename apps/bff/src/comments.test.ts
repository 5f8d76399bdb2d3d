import { OutComment, OutRunId } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "./testing/test-baton";

// What comments do is the engine's behaviour suite (packages/engine/src/behaviour/comments.test.ts);
// here, how the REST API reads a comment's body.
describe.each(testDialects)("execution comments over REST on %s", (dialect) => {
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

  it("reads a comment's JSON body whatever content type it is sent with, and answers its time in UTC", async () => {
    const first = await test.rest(`/100/executions/${runId}/comments`, { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify({ comment: "rerun after the disk was cleaned" }) });
    expect(first.status).toBe(200);
    expect(OutComment.parse(await first.json())).toMatchObject({ comment: "rerun after the disk was cleaned", user: "ADMIN/ADMIN", timestamp: expect.stringMatching(/Z$/) });
  });
});
