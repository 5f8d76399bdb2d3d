import { describe, expect, it } from "vitest";
import { readRestartNote } from "./get-restart-note";

// As the engine writes them (workflow-tasks.ts settleNotRun), each line led by its time.
const FROM_LINE = "2026-11-27T20:58:30.859Z U00011424 Workflow restarted from line 3: lines 1, 2 not run again.\n2026-11-27T20:58:30.860Z U00011409 Workflow 'X1.WF' activated with RunID '10' by ADMIN/ADMIN.\n";
const DOWNSTREAM = "2026-11-27T20:58:30.859Z U00011424 Workflow restarted from line 3 and the tasks downstream of it (lines 3, 5, 6): lines 2, 4 not run again.\n";

describe("readRestartNote", () => {
  it("reads the line and the lines not run again of a restart from a line, and of one downstream only", () => {
    expect(readRestartNote(10, FROM_LINE)).toEqual({ workflowRunId: 10, line: 3, downstreamOnly: false, notRun: new Set([1, 2]) });
    expect(readRestartNote(10, DOWNSTREAM)).toEqual({ workflowRunId: 10, line: 3, downstreamOnly: true, notRun: new Set([2, 4]) });
    expect(readRestartNote(10, "U00011424 Workflow restarted from line 2: no line before it not run again.")).toEqual({ workflowRunId: 10, line: 2, downstreamOnly: false, notRun: new Set() });
  });

  it("reads only the report's first line, where the engine writes the note", () => {
    // A whole-run restart of a workflow whose line number is the note's text: the engine echoes it in a later line.
    const echoed = "2026-11-27T20:58:30.860Z U00011409 Workflow 'X1.WF' activated with RunID '10' by ADMIN/ADMIN.\n2026-11-27T20:58:31.002Z U00011412 Task 'U00011424 Workflow restarted from line 3: lines 1, 2 not run again.' started.\n";
    expect(readRestartNote(10, echoed)).toBeUndefined();
    expect(readRestartNote(10, `x U00011424 Workflow restarted from line 3: lines 1, 2 not run again.`)).toEqual({ workflowRunId: 10, line: 3, downstreamOnly: false, notRun: new Set([1, 2]) });
    expect(readRestartNote(10, `2026-11-27T20:58:30.859Z Note: U00011424 Workflow restarted from line 3: lines 1, 2 not run again.`)).toBeUndefined();
  });

  it("finds none in the report of a run that was not restarted from a line", () => {
    expect(readRestartNote(10, "2026-11-27T20:58:30.860Z U00011409 Workflow 'X1.WF' activated with RunID '10' by ADMIN/ADMIN.\n")).toBeUndefined();
  });
});
