import type { OutExecution, OutReport } from "@baton/contract";
import type { ListedExecution } from "../../executions/execution-fields";
import type { ReportInfo } from "../../store/reports-store";
import { wireTime } from "../../domain/wire-time";
import { presentComment, presentExecution, presentRecurring, presentVariables } from "./execution-presenter";

/** OutExecution with what `fields` asked for: restarts, predecessors, recurring, comments, variables, reports. */
export function presentListedExecution(listed: ListedExecution, now: number): OutExecution {
  const { restarts, predecessors, recurring, comments, variables, reports } = listed;
  // Most lists ask for no fields: the execution's own shape, not a copy of it.
  if (restarts === undefined && !predecessors && !recurring && !comments && !variables && !reports) return presentExecution(listed, now);
  return {
    ...presentExecution(listed, now),
    ...(variables && { variables: presentVariables(variables) }),
    ...(comments && { comments: comments.map(presentComment) }),
    ...(reports && { reports: reports.map(presentReport) }),
    ...(restarts !== undefined && { restarts }),
    ...(predecessors && { predecessors: predecessors.map((p) => ({ run_id: p.runId, object_name: p.objectName, status: p.status })) }),
    ...(recurring && { recurring: presentRecurring(recurring.rule, recurring.occurCount, recurring.nextCheck) }),
  };
}

/** OutReport: every report Baton lists is in its database, as text. */
export function presentReport(report: ReportInfo): OutReport {
  return { type: report.type, is_db: true, is_xml: false, end_timestamp: wireTime(report.updatedAt) };
}
