import { ErrorCode, OutReportContent, OutRunId } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "./testing/test-baton";

describe.each(testDialects)("report pages on %s", (dialect) => {
  let test: TestBaton;
  let runId: number;
  beforeAll(async () => {
    test = await startTestBaton(dialect);
    // 3,000 lines of 22 bytes (é is two): 66,000 bytes, three pages.
    await test.rest("/100/objects", json(jobEnvelope("REPORT.BIG", ['i=0; while [ $i -lt 3000 ]; do printf "line %05d ééééé\\n" $i; i=$((i+1)); done'])));
    runId = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "REPORT.BIG", executionOption: "execute" }))).json()).run_id;
    await waitForEnd(test, 100, runId);
  });
  afterAll(async () => {
    await test.stop();
  });

  async function pages(query: string): Promise<OutReportContent[]> {
    const response = await test.rest(`/100/executions/${runId}/reports/REP${query}`);
    expect(response.status).toBe(200);
    return z.array(OutReportContent).parse(await response.json());
  }

  it("cuts pages of at most 32 KiB at line ends", async () => {
    const all = await pages("?start_at=0&max_results=10");
    expect(all.map((p) => p.page)).toEqual([1, 2, 3]);
    for (const page of all) {
      expect(Buffer.byteLength(page.content)).toBeLessThanOrEqual(32 * 1024);
      expect(page.content.endsWith("\n")).toBe(true);
    }
    expect(all.map((p) => p.content).join("").split("\n")).toHaveLength(3001);
  });

  it("by default lists one page after page 1, as the interface defines start_at=1", async () => {
    expect((await pages("")).map((p) => p.page)).toEqual([2]);
    expect((await pages("?start_at=0")).map((p) => p.page)).toEqual([1]);
  });

  it("lists the pages numbered greater than start_at", async () => {
    expect((await pages("?start_at=1&max_results=5")).map((p) => p.page)).toEqual([2, 3]);
    expect((await pages("?start_at=1")).map((p) => p.page)).toEqual([2]);
    expect(await pages("?start_at=3")).toEqual([]);
  });

  it("answers 404 for a report that is not in the database, 400 for a negative start_at", async () => {
    const missing = await test.rest(`/100/executions/${runId}/reports/LOG`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: ErrorCode.REPORT_NOT_FOUND });
    expect((await test.rest(`/100/executions/${runId}/reports/REP?start_at=-1`)).status).toBe(400);
  });
});
