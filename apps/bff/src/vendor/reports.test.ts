import { ErrorCode, OutError, OutReport, OutReportPageList, OutRunId, OutValidationError } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { pagesText } from "../testing/report-text";
import { jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "../testing/test-baton";

/** The vendor's pages these tests are written from (docs.automic.com, AE REST API, 21.0). */
const REPORTS_OF_EXECUTIONS =
  "https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_ReportsExecutions.htm";
const PAGINATION_FOR_REPORTS =
  "https://docs.automic.com/documentation/WEBHELP/English/all/components/DOCU/21.0.5/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_General_PaginationReports.htm";

// Lines of 22 bytes (é is two), pages of at most 32 KiB cut at line ends: 1,489 lines a page, so
// 12,000 lines make 9 pages, enough for the vendor's examples of chunks of three.
const LINES = 12_000;
const LINE_BYTES = 22;
const PAGES = Math.ceil(LINES / Math.floor((32 * 1024) / LINE_BYTES));
const OUTPUT = Array.from({ length: LINES }, (_, i) => `line ${String(i).padStart(5, "0")} ééééé\n`).join("");

describe.each(testDialects)("vendor: report content on %s", (dialect) => {
  let test: TestBaton;
  let big: number;
  let small: number;

  beforeAll(async () => {
    test = await startTestBaton(dialect);
    await test.rest("/100/objects", json(jobEnvelope("VENDOR.REPORT.BIG", [`i=0; while [ $i -lt ${LINES} ]; do printf "line %05d ééééé\\n" $i; i=$((i+1)); done`])));
    await test.rest("/100/objects", json(jobEnvelope("VENDOR.REPORT.SMALL", ["echo hello"])));
    const run = async (name: string) => OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: name, executionOption: "execute" }))).json()).run_id;
    [big, small] = [await run("VENDOR.REPORT.BIG"), await run("VENDOR.REPORT.SMALL")];
    await waitForEnd(test, 100, big, 60_000);
    await waitForEnd(test, 100, small);
  }, 90_000);
  afterAll(async () => {
    await test.stop();
  });

  async function report(runId: number, query = "", type = "REP"): Promise<OutReportPageList> {
    const response = await test.rest(`/100/executions/${runId}/reports/${type}${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return OutReportPageList.parse(await response.json());
  }
  const numbers = (answer: OutReportPageList) => answer.data.map((page) => page.page);

  it(`${REPORTS_OF_EXECUTIONS}: the report list names the types whose content is requested next`, async () => {
    const types = z.array(OutReport).parse(await (await test.rest(`/100/executions/${big}/reports`)).json());
    expect(types.map((listed) => listed.type)).toEqual(["ACT", "REP"]);
    for (const { type } of types) expect((await report(big, "", type)).total).toBeGreaterThan(0);
  });

  it(`${REPORTS_OF_EXECUTIONS}: without pagination, a one-page report is {"total": 1, "data": [{"page": 1, "content": ...}]}`, async () => {
    const body: unknown = await (await test.rest(`/100/executions/${small}/reports/REP`)).json();
    expect(body).toEqual({ total: 1, data: [{ page: 1, content: "hello\n" }], hasmore: false });
  });

  it(`${REPORTS_OF_EXECUTIONS}: the pages are the portions stored, total counts them, and joined they are the whole output`, async () => {
    const whole = await report(big);
    expect(whole.total).toBe(PAGES);
    expect(numbers(whole)).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
    for (const page of whole.data) expect(Buffer.byteLength(page.content)).toBeLessThanOrEqual(32 * 1024);
    expect(pagesText(whole)).toBe(OUTPUT);
  });

  it(`${PAGINATION_FOR_REPORTS}: .../reports/REP returns the whole report (all report pages)`, async () => {
    const whole = await report(big);
    expect(whole).toMatchObject({ total: PAGES, hasmore: false });
    expect(numbers(whole)).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
  });

  it(`${PAGINATION_FOR_REPORTS}: max_results=3 returns the first chunk of three (pages 1, 2 and 3)`, async () => {
    const chunk = await report(big, "?max_results=3");
    expect(numbers(chunk)).toEqual([1, 2, 3]);
    expect(chunk).toMatchObject({ total: PAGES, hasmore: true });
  });

  it(`${PAGINATION_FOR_REPORTS}: max_results=3&start_at=4 returns the second chunk of three (pages 4, 5 and 6)`, async () => {
    const chunk = await report(big, "?max_results=3&start_at=4");
    expect(numbers(chunk)).toEqual([4, 5, 6]);
    expect(chunk).toMatchObject({ total: PAGES, hasmore: true });
    // The chunks are the same pages the whole report holds.
    expect(chunk.data).toEqual((await report(big)).data.slice(3, 6));
  });

  it(`${PAGINATION_FOR_REPORTS}: start_at=2 returns all report pages except the first one`, async () => {
    const rest = await report(big, "?start_at=2");
    expect(numbers(rest)).toEqual(Array.from({ length: PAGES - 1 }, (_, i) => i + 2));
    expect(rest).toMatchObject({ total: PAGES, hasmore: false });
  });

  it(`${PAGINATION_FOR_REPORTS}: without start_at the pages start with the first report page`, async () => {
    expect(numbers(await report(big, "?max_results=1"))).toEqual([1]);
    expect(numbers(await report(big, "?max_results=2&start_at=1"))).toEqual([1, 2]);
  });

  it(`${PAGINATION_FOR_REPORTS}: max_results=0 returns no entries`, async () => {
    expect(await report(big, "?max_results=0")).toEqual({ total: PAGES, data: [], hasmore: true });
    expect(await report(big, `?max_results=0&start_at=${PAGES + 1}`)).toEqual({ total: PAGES, data: [], hasmore: false });
    // It counts pages, so a negative count is refused, naming it.
    const response = await test.rest(`/100/executions/${big}/reports/REP?max_results=-1`);
    expect(response.status).toBe(400);
    expect(z.array(OutValidationError).parse(await response.json())).toEqual([expect.objectContaining({ path: "max_results", invalid_value: "-1" })]);
  });

  it(`${PAGINATION_FOR_REPORTS}: a start_at larger than the number of pages returns no information`, async () => {
    expect(await report(big, `?start_at=${PAGES + 1}`)).toEqual({ total: PAGES, data: [], hasmore: false });
    expect(await report(big, "?start_at=1000&max_results=5")).toEqual({ total: PAGES, data: [], hasmore: false });
  });

  it(`${PAGINATION_FOR_REPORTS}: a reader goes through the report chunk by chunk until hasmore is false`, async () => {
    const seen: number[] = [];
    for (let next = 1, more = true; more; ) {
      const chunk = await report(big, `?max_results=4&start_at=${next}`);
      seen.push(...numbers(chunk));
      more = chunk.hasmore;
      next = (chunk.data.at(-1)?.page ?? next) + 1;
    }
    expect(seen).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
  });

  // Baton's reading where the page is silent (docs/decisions.md, "Vendor wire behaviour"): the
  // 12.3 swagger that generated clients come from has no minimum for start_at and numbered pages
  // after it, so start_at=0 was the first page; a number below 1 starts at page 1.
  it(`${PAGINATION_FOR_REPORTS}: start_at 0 or below starts with the first report page`, async () => {
    expect(numbers(await report(big, "?start_at=0&max_results=2"))).toEqual([1, 2]);
    expect(numbers(await report(big, "?start_at=-3&max_results=1"))).toEqual([1]);
  });

  it(`${PAGINATION_FOR_REPORTS}: only reports in the database can be requested (their pages); another is 404`, async () => {
    expect(await report(small, "", "rep")).toMatchObject({ total: 1, hasmore: false });
    const missing = await test.rest(`/100/executions/${big}/reports/LOG`);
    expect(missing.status).toBe(404);
    expect(OutError.parse(await missing.json())).toMatchObject({ code: ErrorCode.REPORT_NOT_FOUND });
  });
});
