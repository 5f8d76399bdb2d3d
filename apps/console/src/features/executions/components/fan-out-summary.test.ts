import { describe, expect, it } from "vitest";
import type { OutExecution } from "@baton/contract";
import { anExecution } from "./execution-fixture";
import { summarize, summaryText } from "./fan-out-summary";

const OK = 1900;
const FAILED = 1800;
const ACTIVE = 1550;

/** A workflow task's first run on `line`. */
const task = (runId: number, line: number, status: number): OutExecution => anExecution({ name: `T${line}`, run_id: runId, line_number: line, parent: 100, status });

/** A restart of `previous`, as the engine makes it: same parent and line, the chain's first run as reference. */
const restartOf = (previous: OutExecution, runId: number, status: number): OutExecution => ({
  ...previous,
  run_id: runId,
  status,
  reference_run_id: previous.reference_run_id || previous.run_id,
  restart_count: (previous.restart_count ?? 0) + 1,
  restart_predecessor: previous.run_id,
});

/** Every child loaded: the server's total is the number of rows. */
const text = (rows: OutExecution[], notStarted = 0): string => summaryText(summarize({ rows, total: rows.length }, notStarted));

describe("summarize", () => {
  const first = task(101, 2, OK);
  const failed = task(102, 3, FAILED);
  const third = task(103, 4, OK);

  it("counts every task when none was restarted", () => {
    expect(text([first, failed, third])).toBe("3 tasks: 2 ended OK, 1 failed");
  });

  it("counts a restarted task once, by its latest run", () => {
    expect(text([first, failed, third, restartOf(failed, 104, OK)])).toBe("3 tasks: 3 ended OK");
  });

  it("counts a task by its restart while the restart runs", () => {
    expect(text([first, failed, third, restartOf(failed, 104, ACTIVE)])).toBe("3 tasks: 2 ended OK, 1 active");
  });

  it("counts a task restarted twice once, by its second restart, in whatever order the rows come", () => {
    const again = restartOf(failed, 104, FAILED);
    const rows = [restartOf(again, 105, OK), first, again, third, failed];
    expect(text(rows)).toBe("3 tasks: 3 ended OK");
  });

  it("counts two runs of an object that are not restarts of each other as two tasks", () => {
    expect(text([first, task(104, 2, FAILED)])).toBe("2 tasks: 1 ended OK, 1 failed");
  });

  it("counts the tasks not started among all tasks, restarts or not", () => {
    expect(text([first, failed, restartOf(failed, 104, OK)], 2)).toBe("4 tasks: 2 ended OK, 2 not started");
    expect(text([first, failed], 2)).toBe("4 tasks: 1 ended OK, 1 failed, 2 not started");
  });

  it("says when only some are loaded, as before when nothing was restarted", () => {
    expect(summaryText(summarize({ rows: [first, failed], total: 1200 }))).toBe("1,200 tasks: 1 ended OK, 1 failed (of the 2 loaded)");
    expect(summaryText(summarize({ rows: [first, failed], total: 1200 }, 3))).toBe("1,203 tasks: 1 ended OK, 1 failed, 3 not started (of the 5 loaded)");
  });

  it("leaves out of a partial total the earlier runs of a loaded restart, loaded or not", () => {
    // Newest first: the second restart is loaded, the run it restarted and the task's first run are on a later page.
    const latest = restartOf(restartOf(failed, 104, FAILED), 105, OK);
    expect(summarize({ rows: [latest, third], total: 1200 })).toMatchObject({ total: 1198, loaded: 2 });
    expect(summarize({ rows: [latest, restartOf(failed, 104, FAILED), third], total: 1200 })).toMatchObject({ total: 1198, loaded: 2 });
  });
});
