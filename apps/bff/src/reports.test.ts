import { OutReportPageList, OutRunId } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportText } from "./testing/report-text";
import { jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "./testing/test-baton";

// How start_at and max_results pick pages is the vendor's, tested in vendor/reports.test.ts.
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

  it("cuts pages of at most 32 KiB at line ends", async () => {
    const answer = OutReportPageList.parse(await (await test.rest(`/100/executions/${runId}/reports/REP`)).json());
    expect(answer.total).toBe(3);
    expect(answer.data.map((p) => p.page)).toEqual([1, 2, 3]);
    for (const page of answer.data) {
      expect(Buffer.byteLength(page.content)).toBeLessThanOrEqual(32 * 1024);
      expect(page.content.endsWith("\n")).toBe(true);
    }
    expect((await reportText(test.rest, 100, runId, "REP")).split("\n")).toHaveLength(3001);
  });
});
