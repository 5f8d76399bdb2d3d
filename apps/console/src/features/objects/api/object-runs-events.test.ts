import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { OutExecution } from "@baton/contract";
import type { ObjectRunPages } from "./get-object-runs";
import { createObjectRunsEventHandler, ERT_REREAD_DELAY_MS } from "./object-runs-events";
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

  describe("after a run ended", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("reads the object's ERT again a moment later, once for a burst of ends", async () => {
      vi.useFakeTimers();
      const { queryClient, send } = setUp();
      const ertKey = objectKeys.ert(100, "JOB.A");
      let reads = 0;
      queryClient.setQueryData(ertKey, { object_name: "JOB.A" });
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === "updated" && event.action.type === "invalidate" && event.query.queryKey[2] === "ert") reads++;
      });
      send(run(2, 1550));
      await vi.advanceTimersByTimeAsync(ERT_REREAD_DELAY_MS);
      expect(reads).toBe(0);
      send(run(2, 1900));
      send(run(3, 1800));
      expect(reads).toBe(0);
      await vi.advanceTimersByTimeAsync(ERT_REREAD_DELAY_MS);
      expect(reads).toBe(1);
      expect(queryClient.getQueryState(ertKey)?.isInvalidated).toBe(true);
    });
  });
});
