import { OutComment, OutExecution, OutRunId } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "../testing/test-baton";

// Every example of the vendor's page on comments: reading them alone or as part of the execution,
// and adding one (docs/decisions.md, "Vendor wire behaviour").
const COMMENTS =
  "https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_CommentsOnExecutions.htm";

/** The example's timestamps: `2018-04-17T13:03:35Z`. */
const WHOLE_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

describe.each(testDialects)("vendor: comments on executions on %s", (dialect) => {
  let test: TestBaton;

  beforeAll(async () => {
    test = await startTestBaton(dialect);
    expect((await test.rest("/100/objects", json(jobEnvelope("COMMENTED.JOB", ["echo commented"])))).status).toBe(200);
  });
  afterAll(async () => {
    await test.stop();
  });

  /** A fresh ended execution of COMMENTED.JOB. */
  async function ended(): Promise<number> {
    const started = await test.rest("/100/executions", json({ object_name: "COMMENTED.JOB" }));
    const runId = OutRunId.parse(await started.json()).run_id;
    await waitForEnd(test, 100, runId);
    return runId;
  }
  async function add(runId: number, comment: string): Promise<OutComment> {
    const response = await test.rest(`/100/executions/${runId}/comments`, json({ comment }));
    expect(response.status, await response.clone().text()).toBe(200);
    return OutComment.parse(await response.json());
  }

  // "Add Comment on Execution": POST {"comment": "This is a comment posted via AE REST API"} answers
  // 200 with {"timestamp": "2018-04-17T13:08:01Z", "comment": ..., "user": "SMITH/DEP"}.
  it(`adds a comment and answers 200 with its timestamp, text and user NAME/DEPARTMENT (${COMMENTS})`, async () => {
    const runId = await ended();
    const before = Math.floor(Date.now() / 1000) * 1000;
    const response = await test.rest(`/100/executions/${runId}/comments`, json({ comment: "This is a comment posted via AE REST API" }));
    expect(response.status).toBe(200);
    const body = z.record(z.string(), z.unknown()).parse(await response.json());
    expect(Object.keys(body).sort()).toEqual(["comment", "timestamp", "user"]);
    expect(body).toMatchObject({ comment: "This is a comment posted via AE REST API", user: "ADMIN/ADMIN", timestamp: expect.stringMatching(WHOLE_SECONDS) });
    const timestamp = Date.parse(String(body["timestamp"]));
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Date.now());
  });

  // "Get Comment on Execution, Exclusively": GET .../comments answers the array of comments, the
  // first added first ("My first comment", then "My second even better comment subsequently added").
  it(`lists the comments of an execution alone, in the order they were added (${COMMENTS})`, async () => {
    const runId = await ended();
    const first = await add(runId, "My first comment");
    const second = await add(runId, "My second even better comment subsequently added");
    const response = await test.rest(`/100/executions/${runId}/comments`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([first, second]);
    expect(first).toMatchObject({ comment: "My first comment", user: "ADMIN/ADMIN" });
  });

  // "Part of Execution Information": GET .../{run id}?fields=comments answers the execution with
  // `comments` holding the same entries; the example's execution carries its name as its alias.
  it(`adds the comments to the execution with fields=comments, and only then (${COMMENTS})`, async () => {
    const runId = await ended();
    const first = await add(runId, "My first comment");
    const second = await add(runId, "My second even better comment subsequently added");
    const withComments = OutExecution.parse(await (await test.rest(`/100/executions/${runId}?fields=comments`)).json());
    expect(withComments).toMatchObject({ name: "COMMENTED.JOB", type: "JOBS", run_id: runId, status: 1900, status_text: "ENDED_OK - ended normally", parent: 0, user: "ADMIN/ADMIN", alias: "COMMENTED.JOB" });
    expect(withComments.comments).toEqual([first, second]);
    const without = OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json());
    expect(without.comments).toBeUndefined();
  });

  // The page answers the comments as an array, alone and as `comments`: with none, that array is empty.
  it(`answers an execution without comments with an empty list (${COMMENTS})`, async () => {
    const runId = await ended();
    expect(await (await test.rest(`/100/executions/${runId}/comments`)).json()).toEqual([]);
    expect(OutExecution.parse(await (await test.rest(`/100/executions/${runId}?fields=comments`)).json()).comments).toEqual([]);
  });
});
