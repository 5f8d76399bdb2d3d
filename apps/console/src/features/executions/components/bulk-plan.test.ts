import { describe, expect, it } from "vitest";
import type { OutExecution } from "@baton/contract";
import { bulkQuestion, bulkSummary, planBulk } from "./bulk-plan";

const run = (runId: number, status: number, type = "JOBS"): OutExecution => ({
  name: `JOB.${runId}`,
  type,
  queue: "CLIENT_QUEUE",
  run_id: runId,
  status,
  status_text: String(status),
  activation_time: "2025-01-01T10:00:00Z",
  user: "ADMIN/ADMIN",
  parent: 0,
});

describe("bulk actions", () => {
  it("cancel only what has not ended, restart only what has", () => {
    const rows = [run(1, 1550), run(2, 1900), run(3, 1850), run(4, 1550, "SCRI")];
    expect(planBulk("cancel", rows).eligible.map((e) => e.run_id)).toEqual([1]);
    expect(planBulk("cancel", rows).skipped.map((e) => e.run_id)).toEqual([2, 3, 4]);
    expect(planBulk("restart", rows).eligible.map((e) => e.run_id)).toEqual([2, 3]);
  });

  it("say how many in the question and in the result", () => {
    expect(bulkQuestion("cancel", 2)).toBe("Cancel 2 executions?");
    expect(bulkQuestion("restart", 1)).toBe("Restart 1 execution?");
    expect(bulkSummary("restart", 2, 0, 0)).toBe("2 restarted.");
    expect(bulkSummary("cancel", 1, 2, 3)).toBe("1 cancelled, 2 failed, 3 skipped.");
  });
});
