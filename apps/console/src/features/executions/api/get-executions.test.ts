import { describe, expect, it } from "vitest";
import type { OutExecution, OutExecutionList } from "@baton/contract";
import { flattenPages, nextPageParam } from "./get-executions";

function row(runId: number): OutExecution {
  return { name: `JOB.${runId}`, type: "JOBS", queue: "CLIENT_QUEUE", run_id: runId, status: 1900, status_text: "ENDED_OK", activation_time: "2025-01-01T10:00:00Z", user: "ADMIN/ADMIN", parent: 0 };
}
const page = (hasmore: boolean, total: number, ...ids: number[]): OutExecutionList => ({ total, hasmore, data: ids.map(row) });

describe("paging the executions list", () => {
  it("starts the next page after the last row loaded", () => {
    const first = page(true, 5, 9, 8);
    expect(nextPageParam(first, [first])).toBe(8);
    const second = page(true, 5, 7, 6);
    expect(nextPageParam(second, [first, second])).toBe(6);
  });

  it("stops when the server says there is no more", () => {
    const last = page(false, 2, 2, 1);
    expect(nextPageParam(last, [last])).toBeUndefined();
    expect(nextPageParam(page(true, 0), [page(true, 0)])).toBeUndefined();
  });

  it("stops when a page brings nothing new", () => {
    const first = page(true, 5, 9, 8);
    const again = page(true, 5, 9, 8);
    expect(nextPageParam(again, [first, again])).toBeUndefined();
  });

  it("shows each row once and the server's total", () => {
    const rows = flattenPages({ pages: [page(true, 40, 9, 8), page(true, 40, 8, 7)], pageParams: [undefined, 8] });
    expect(rows.rows.map((r) => r.run_id)).toEqual([9, 8, 7]);
    expect(rows.total).toBe(40);
  });
});
