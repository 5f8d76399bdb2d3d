import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { OutExecution } from "@baton/contract";
import type { ObjectRunPages } from "./get-object-runs";
import { createObjectRunsEventHandler } from "./object-runs-events";
import { objectKeys } from "./keys";

function run(runId: number, status: number, name = "JOB.A"): OutExecution {
  return { name, type: "JOBS", queue: "CLIENT_QUEUE", run_id: runId, status, status_text: String(status), activation_time: "2026-01-01T00:00:00Z", user: "ADMIN/ADMIN" };
}

const pagesOf = (...runs: OutExecution[]): ObjectRunPages => ({ pages: [{ total: runs.length, data: runs, hasmore: false }], pageParams: [undefined] });
const key = objectKeys.runs(100, "JOB.A");

function setUp() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(key, pagesOf(run(2, 1550), run(1, 1900)));
  let seq = 0;
  const handle = createObjectRunsEventHandler(queryClient, 100, "JOB.A");
  const send = (execution: OutExecution, client = 100) => handle({ seq: ++seq, client, execution });
  return { queryClient, send };
}

describe("createObjectRunsEventHandler", () => {
  it("replaces a listed run where it is", () => {
    const { queryClient, send } = setUp();
    send(run(2, 1900));
    expect(queryClient.getQueryData<ObjectRunPages>(key)?.pages[0]?.data.map((r) => [r.run_id, r.status])).toEqual([
      [2, 1900],
      [1, 1900],
    ]);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
  });

  it("has the list read again for a run it does not hold, and passes over other objects and clients", () => {
    const { queryClient, send } = setUp();
    send(run(7, 1900, "JOB.B"));
    send(run(8, 1900), 200);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    send(run(3, 1300));
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
