import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { OutExecution, OutExecutionList } from "@baton/contract";
import { createScriptRunEventHandler, patchRecentRuns } from "./script-run-events";
import { scriptKeys } from "./keys";

function execution(runId: number, status: number, type = "SCRI"): OutExecution {
  return {
    name: "SCRIPT",
    type,
    queue: "CLIENT_QUEUE",
    run_id: runId,
    status,
    status_text: String(status),
    activation_time: `2026-11-22T17:${String(runId).padStart(2, "0")}:00Z`,
    user: "ADMIN/ADMIN",
    parent: 0,
  };
}

const list = (...rows: OutExecution[]): OutExecutionList => ({ total: rows.length, data: rows, hasmore: false });

describe("patchRecentRuns", () => {
  it("replaces a run and adds a new one at its place, newest first", () => {
    expect(patchRecentRuns(list(execution(5, 1550), execution(3, 1900)), execution(5, 1900)).data.map((r) => [r.run_id, r.status])).toEqual([
      [5, 1900],
      [3, 1900],
    ]);
    expect(patchRecentRuns(list(execution(5, 1900), execution(3, 1900)), execution(7, 1300)).data.map((r) => r.run_id)).toEqual([7, 5, 3]);
    expect(patchRecentRuns(list(execution(5, 1900)), execution(4, 1900)).data.map((r) => r.run_id)).toEqual([5, 4]);
  });

  it("keeps at most 20 runs and ignores older runs of a full list and late replays", () => {
    const full = list(...Array.from({ length: 20 }, (_, i) => execution(40 - i, 1900)));
    const patched = patchRecentRuns(full, execution(41, 1550));
    expect(patched.data).toHaveLength(20);
    expect(patched.data[0]?.run_id).toBe(41);
    expect(patched.hasmore).toBe(true);
    expect(patchRecentRuns(full, execution(2, 1900))).toBe(full);
    const ended = list(execution(5, 1900));
    expect(patchRecentRuns(ended, execution(5, 1550))).toBe(ended);
  });
});

describe("createScriptRunEventHandler", () => {
  it("updates the run on screen and the recent Script runs, not other types or clients", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(scriptKeys.run(100, 5), execution(5, 1550));
    queryClient.setQueryData(scriptKeys.recent(100), list(execution(5, 1550)));
    const handle = createScriptRunEventHandler(queryClient, 100);

    handle({ seq: 1, client: 100, execution: execution(5, 1900) });
    handle({ seq: 2, client: 100, execution: execution(6, 1550, "JOBS") });
    handle({ seq: 3, client: 200, execution: execution(7, 1550) });
    handle({ seq: 1, client: 100, execution: execution(5, 1550) });

    expect(queryClient.getQueryData<OutExecution>(scriptKeys.run(100, 5))?.status).toBe(1900);
    expect(queryClient.getQueryData<OutExecutionList>(scriptKeys.recent(100))?.data.map((r) => [r.run_id, r.status])).toEqual([[5, 1900]]);
  });
});
