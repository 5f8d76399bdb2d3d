import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import type { OutExecution } from "@baton/contract";
import { useCurrentSession } from "../../../lib/session-context";
import { reportPageQueryOptions } from "./get-report-pages";

/**
 * What a workflow restarted from a line wrote at its start: the line, and the task lines it did
 * not run again (recorded 1922, the vendor's "manually set inactive"). The execution's fields say
 * only that it is a restart (restart_count, restart_predecessor); the line and those tasks are in
 * the run's ACT report, message U00011424.
 */
export interface RestartNote {
  /** The restarted workflow's RunID: the note is about its own tasks. */
  workflowRunId: number;
  line: number;
  downstreamOnly: boolean;
  notRun: ReadonlySet<number>;
}

// "U00011424 Workflow restarted from line 3: lines 1, 2 not run again." or, downstream only,
// "... from line 3 and the tasks downstream of it (lines 3, 5): line 2 not run again."; with none
// left out "no line before it" / "no other line". Only the report's first line is read: the engine
// writes the note before anything else, and later lines may echo text a workflow's author chose.
const RESTARTED = /^(?:\S+ )?U00011424 Workflow restarted from line (\d+)( and the tasks downstream of it \([^)]*\))?: (?:no (?:other )?line(?: before it)?|lines? ([\d, ]+)) not run again\./;

/** The note of a restart from a line that opens the text of a workflow's ACT report; undefined when it has none. */
export function readRestartNote(workflowRunId: number, act: string): RestartNote | undefined {
  const match = RESTARTED.exec(act.split("\n", 1)[0] ?? "");
  if (match === null) return undefined;
  const notRun = (match[3] ?? "").split(",").map((line) => Number(line.trim())).filter((line) => line > 0);
  return { workflowRunId, line: Number(match[1]), downstreamOnly: match[2] !== undefined, notRun: new Set(notRun) };
}

/**
 * The note a workflow restarted from a line keeps at the top of its ACT report (page 1, written
 * before its first task), read only for a workflow that is a restart; undefined until read, or
 * when it has none (a restart of the whole run).
 */
export function useRestartNote(workflow: Pick<OutExecution, "run_id" | "type" | "restart_count"> | undefined): RestartNote | undefined {
  const { client } = useCurrentSession();
  const runId = workflow?.run_id ?? 0;
  const restarted = workflow?.type === "JOBP" && (workflow.restart_count ?? 0) > 0;
  const page = useQuery({ ...reportPageQueryOptions(client, runId, "ACT", 1), enabled: restarted });
  const content = restarted ? page.data?.content : undefined;
  return useMemo(() => (content === undefined ? undefined : readRestartNote(runId, content)), [runId, content]);
}
