import { describe, expect, it } from "vitest";
import type { OutExecution } from "@baton/contract";
import { bulkQuestion, bulkRefusalText, bulkSummary, distinctObjects, leftOutSentences, planBulk } from "./bulk-plan";

const run = (runId: number, status: number, type = "JOBS", name = `JOB.${runId}`): OutExecution => ({
  name,
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

  it("leave out the rows the user may not act on, after those whose state does not allow the action", () => {
    const rows = [run(1, 1550), run(2, 1550, "JOBS", "LOCKED"), run(3, 1900, "JOBS", "LOCKED"), run(4, 1550, "JOBP", "FLOW")];
    const plan = planBulk("cancel", rows, (e) => e.name === "JOB.1");
    expect(plan.eligible.map((e) => e.run_id)).toEqual([1]);
    expect(plan.skipped.map((e) => e.run_id)).toEqual([3]);
    expect(plan.refused.map((e) => e.run_id)).toEqual([2, 4]);
    expect(leftOutSentences(plan)).toEqual([
      "1 of 4 cannot be cancelled: it has ended (or is a script, which runs to its end).",
      "2 of 4 cannot be cancelled: your user lacks the cancel right on JOBP 'FLOW' and JOBS 'LOCKED'. Ask an administrator.",
    ]);
    expect(bulkRefusalText(plan)).toBeUndefined();
  });

  it("are off, saying why, when no chosen row can take the action and rights are why", () => {
    const refused = planBulk("cancel", [run(1, 1550, "JOBS", "X")], () => false);
    expect(bulkRefusalText(refused)).toBe("The chosen execution cannot be cancelled: your user lacks the cancel right on JOBS 'X'. Ask an administrator.");
    const running = planBulk("restart", [run(1, 1550), run(2, 1550)]);
    expect(bulkRefusalText(running)).toBeUndefined();
    expect(leftOutSentences(running)).toEqual(["None of the 2 chosen can be restarted: they have not ended yet."]);
    const both = planBulk("restart", [run(1, 1550), run(2, 1900), run(3, 1900)], () => false);
    expect(bulkRefusalText(both)).toBe("1 of 3 cannot be restarted: it has not ended yet. 2 of 3 cannot be restarted: your user lacks the cancel right on JOBS 'JOB.2' and JOBS 'JOB.3'. Ask an administrator.");
    expect(bulkRefusalText(planBulk("cancel", []))).toBeUndefined();
  });

  it("name three objects at most, and each once", () => {
    const rows = ["A", "B", "C", "D", "E", "A"].map((name, i) => run(i, 1550, "JOBS", name));
    expect(leftOutSentences(planBulk("cancel", rows, () => false))).toEqual(["None of the 6 chosen can be cancelled: your user lacks the cancel right on JOBS 'A', JOBS 'B', JOBS 'C' and 2 other objects. Ask an administrator."]);
    expect(distinctObjects([run(1, 1550, "JOBS", "B"), run(2, 1550, "JOBP", "B"), run(3, 1900, "JOBS", "B")])).toEqual([
      { type: "JOBP", name: "B" },
      { type: "JOBS", name: "B" },
    ]);
  });

  it("say how many in the question and in the result", () => {
    expect(bulkQuestion("cancel", 2)).toBe("Cancel 2 executions?");
    expect(bulkQuestion("restart", 1)).toBe("Restart 1 execution?");
    expect(bulkQuestion("cancel", 0)).toBe("Nothing to cancel");
    expect(bulkSummary("restart", 2, 0, 0)).toBe("2 restarted.");
    expect(bulkSummary("cancel", 1, 2, 3)).toBe("1 cancelled, 2 failed, 3 skipped.");
  });
});
