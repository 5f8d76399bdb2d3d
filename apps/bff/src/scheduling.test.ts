import { ErrorCode } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startTestBaton, type TestBaton } from "./testing/test-baton";

// What scheduling does is tested on the engine (packages/engine/src/behaviour/scheduling.test.ts);
// a request the interface's schema refuses never reaches it, so its answer is tested here.
describe.each(testDialects)("start requests the interface refuses, on %s", (dialect) => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton(dialect);
  });
  afterAll(async () => {
    await test.stop();
  });

  it.each([
    [{ executionOption: "sometimes" }, ErrorCode.INVALID_EXECUTION_OPTION, "execution_option"],
    [{ executionOption: "once", once: { executionDateTime: "tomorrow" } }, ErrorCode.INVALID_REQUEST, "once.execution_date_time"],
  ])("refuses a wrong start request: %j", async (body, code, path) => {
    const response = await test.rest("/100/executions", json({ objectName: "SCHED.JOB", ...body }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([expect.objectContaining({ code, path })]);
  });
});
