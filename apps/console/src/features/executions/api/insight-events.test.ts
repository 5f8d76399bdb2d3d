import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { OutErtEstimations } from "@baton/contract";
import { anExecution } from "../components/execution-fixture";
import { createInsightEventHandler } from "./insight-events";
import { executionKeys } from "./keys";

const estimate: OutErtEstimations = { estimated_erts: {}, estimated_start_times: {}, longest_path_vertex_keys: {}, ert: 60, rrt: 30 };

describe("createInsightEventHandler", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("marks a workflow's ERT for re-reading when the workflow or one of its tasks changes, once for a burst", () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    queryClient.setQueryData(executionKeys.ert(100, 10), estimate);
    const handle = createInsightEventHandler(queryClient, 100);

    handle({ seq: 1, client: 100, execution: anExecution({ run_id: 11, parent: 10, status: 1550 }) });
    handle({ seq: 2, client: 100, execution: anExecution({ run_id: 12, parent: 10, status: 1900 }) });
    handle({ seq: 3, client: 100, execution: anExecution({ run_id: 10, type: "JOBP", status: 1560 }) });
    expect(invalidate).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1_000);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: executionKeys.ert(100, 10), exact: true });
  });

  it("leaves estimates nobody holds, other workflows and other clients alone", () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    queryClient.setQueryData(executionKeys.ert(100, 10), estimate);
    queryClient.setQueryData(executionKeys.ert(100, 0), estimate);
    const handle = createInsightEventHandler(queryClient, 100);

    handle({ seq: 1, client: 100, execution: anExecution({ run_id: 21, parent: 20 }) });
    handle({ seq: 2, client: 200, execution: anExecution({ run_id: 11, parent: 10 }) });
    // Parent 0: a top-level execution, part of nothing.
    handle({ seq: 3, client: 100, execution: anExecution({ run_id: 30, parent: 0 }) });
    vi.advanceTimersByTime(5_000);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
