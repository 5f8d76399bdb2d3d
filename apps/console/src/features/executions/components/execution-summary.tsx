import { Link as RouterLink } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Status, executionTypeName, isFinalStatus, type OutExecution } from "@baton/contract";
import { DetailList, type DetailItem } from "../../../components/detail-list";
import { DateTime } from "../../../components/date-time";
import { formatDateTime, formatDuration } from "../../../lib/format";
import { monospace } from "../../../lib/theme";
import { useChildren } from "../api/get-children";
import { useErt } from "../api/get-ert";
import { useExecution } from "../api/get-execution";
import { useRestartNote } from "../api/get-restart-note";
import { ExecutionTypeLabel } from "./execution-type-label";
import { blockedSinceText, comparedToEstimate, executionTiming, nextRunOf, plannedStartText, type ExecutionTiming } from "./execution-timing";
import { notRunAgainText, restartFromText } from "./restart-plan";
import { StatusLabel } from "./status-label";

/**
 * What it is part of, as words: the parent's type once the parent is read ("workflow", "period
 * container"); until then what started it says (activator_object_type), which a restart that did
 * not keep its start type no longer does.
 */
export function parentKind(execution: OutExecution, parentType: string | undefined): string {
  if (parentType !== undefined) return executionTypeName(parentType).toLowerCase();
  if (execution.activator_object_type === "JOBP") return "workflow";
  if (execution.activator_object_type === "JSCH") return "schedule";
  return "execution";
}

function RunLink({ runId, label }: { runId: number; label?: string }) {
  return (
    <Link component={RouterLink} to={`/executions/${runId}`} sx={{ fontFamily: monospace }} aria-label={label}>
      {runId}
    </Link>
  );
}

/** How it relates to others: the workflow or schedule it is part of, the run it restarts (a workflow's from which line). */
function Relations({ execution }: { execution: OutExecution }) {
  // Parent 0 (or none): a top-level execution, part of nothing.
  const parent = useExecution(execution.parent ?? 0, Boolean(execution.parent));
  const restartNote = useRestartNote(execution);
  const parts = [];
  if (execution.parent) {
    const kind = parentKind(execution, parent.data?.type);
    parts.push(
      <span key="parent">
        Part of {kind} <RunLink runId={execution.parent} label={`Part of ${kind} ${execution.parent}`} />
        {execution.line_number ? `, line ${execution.line_number}` : null}
      </span>,
    );
  }
  if (execution.restart_count && execution.reference_run_id) {
    parts.push(
      <span key="restart">
        Restart {execution.restart_count} of RunID <RunLink runId={execution.reference_run_id} />
        {restartNote ? `, ${restartFromText(restartNote)}` : null}
      </span>,
    );
  }
  if (parts.length === 0) return null;
  return (
    <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", color: "text.secondary", mb: 1.5 }} aria-label="Related executions">
      {parts}
    </Box>
  );
}

/** "14:32:10 (in 2 min 10 s)": when, and how far off, so nobody does the sum. */
function expectedEndText(expectedEnd: number, now: number): string {
  const at = formatDateTime(new Date(expectedEnd).toISOString());
  const seconds = (expectedEnd - now) / 1000;
  if (seconds >= 0) return `${at} (in ${formatDuration(seconds)})`;
  return `${at} (overdue by ${formatDuration(-seconds)})`;
}

/** A container that goes on until cancelled has no end to expect: it says how it ends instead. */
function untilCancelledText(execution: OutExecution): string {
  return execution.type === "C_PERIOD" ? "None: it runs until cancelled or its rule ends" : "None: it runs until cancelled";
}

/** A period container is activated with its object's ERT: what each of its runs is expected to take, not the container. */
function estimateText(execution: OutExecution, timing: ExecutionTiming): string {
  if (!timing.untilCancelled) return formatDuration(timing.ertSeconds);
  return execution.type === "C_PERIOD" && execution.estimated_runtime !== undefined ? `${formatDuration(execution.estimated_runtime)} per run` : "—";
}

function timingItems(execution: OutExecution, timing: ExecutionTiming, nextRun: number | undefined, now: number): DetailItem[] {
  const ended = isFinalStatus(execution.status);
  const items: DetailItem[] = [{ label: "Activation", value: <DateTime value={execution.activation_time} /> }];
  if (timing.plannedStart !== undefined) items.push({ label: "Planned start", value: plannedStartText(timing.plannedStart, now) });
  else items.push({ label: "Start", value: <DateTime value={execution.start_time} /> });
  if (timing.blockedSince !== undefined) items.push({ label: "Blocked since", value: blockedSinceText(timing.blockedSince, now) });
  if (timing.blocked) items.push({ label: "Expected end", value: "None while blocked: it waits for an operator" });
  else if (timing.untilCancelled && !ended) items.push({ label: "Expected end", value: untilCancelledText(execution) });
  else if (timing.expectedEnd !== undefined) items.push({ label: "Expected end", value: expectedEndText(timing.expectedEnd, now) });
  else items.push({ label: "End", value: <DateTime value={execution.end_time} /> });
  if (nextRun !== undefined) items.push({ label: "Next run", value: plannedStartText(nextRun, now) });
  const runtime = timing.running ? `${formatDuration(timing.runtimeSeconds)} so far` : timing.plannedStart !== undefined ? "Not started yet" : formatDuration(timing.runtimeSeconds);
  items.push({ label: "Runtime", value: runtime });
  items.push({ label: "Estimated runtime", value: estimateText(execution, timing) });
  return items;
}

function detailItems(execution: OutExecution): DetailItem[] {
  const items: DetailItem[] = [
    { label: "Type", value: <ExecutionTypeLabel type={execution.type} subType={execution.sub_type} /> },
    { label: "Return code", value: execution.return_code ?? "—" },
    { label: "User", value: execution.user },
    { label: "Agent", value: execution.agent ?? "—" },
    { label: "Platform", value: execution.platform ?? "—" },
    { label: "Queue", value: execution.queue || "—" },
  ];
  if (execution.title) items.push({ label: "Title", value: execution.title });
  if (execution.alias) items.push({ label: "Alias", value: execution.alias });
  // The engine sends 0 for "none" (run ids start at 1).
  if (execution.line_number) items.push({ label: "Line", value: execution.line_number });
  if (execution.restart_predecessor) items.push({ label: "Restarted from", value: <RunLink runId={execution.restart_predecessor} /> });
  return items;
}

/**
 * Runtime against the estimate as a bar and in words; the words carry the meaning, not the colour.
 * None while blocked: the time an operator takes to act is not the run's work ("Blocked since" says it).
 */
function EstimateBar({ timing }: { timing: ExecutionTiming }) {
  const compared = timing.blocked ? undefined : comparedToEstimate(timing.runtimeSeconds, timing.ertSeconds, timing.running);
  if (compared === undefined) return null;
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mt: 1.5, maxWidth: 640 }}>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, compared.percent)}
        color={compared.percent > 100 ? "warning" : "primary"}
        aria-label="Runtime against the estimate"
        sx={{ flex: 1, height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: "nowrap" }}>
        {compared.words}
      </Typography>
    </Box>
  );
}

interface ExecutionSummaryProps {
  execution: OutExecution;
  now: number;
}

/**
 * The head of the detail page: status as icon and words, how it relates to others, times, runtime
 * against the estimate and, while it runs or waits for its start time, when it is expected to end;
 * a waiting run's planned start counted down, a blocked run's "blocked since", a container's next
 * run. A running workflow's estimate is the engine's (GET .../ert), read again as its tasks change;
 * an ended run's is the one its execution carries.
 */
export function ExecutionSummary({ execution, now }: ExecutionSummaryProps) {
  const active = !isFinalStatus(execution.status);
  const isWorkflow = execution.type === "JOBP";
  const ert = useErt(execution.run_id, active, isWorkflow && active);
  const timing = executionTiming(execution, ert.data === undefined ? undefined : { data: ert.data, readAt: ert.dataUpdatedAt }, now);
  // The children the Tasks tab lists, kept current by the event stream: the one waiting for its start time is the next run.
  const children = useChildren(execution.run_id, timing.untilCancelled && active);
  const nextRun = timing.untilCancelled && active ? nextRunOf(children.data?.pages.flatMap((page) => page.data) ?? []) : undefined;
  // A task a restart of its workflow did not run again says so: its 1922 reads "manually set inactive".
  const parent = useExecution(execution.parent ?? 0, execution.status === Status.ENDED_INACTIVE_MANUALLY && Boolean(execution.parent));
  const notRunAgain = notRunAgainText(execution, useRestartNote(parent.data));
  return (
    <Paper variant="outlined" sx={{ p: 2.5, mb: 2 }} component="section" aria-label="Execution status">
      <Typography variant="h2" component="div" sx={{ mb: 1.5 }} role="status" aria-live="polite">
        <StatusLabel status={execution.status} text={notRunAgain ?? execution.status_text} size="large" />
      </Typography>
      <Relations execution={execution} />
      {execution.status === Status.BLOCKED ? (
        <Alert severity="warning" variant="outlined" sx={{ mb: 1.5 }}>
          A task ended abnormally and no successor handles that. Open the task (Tasks or Graph) and restart it: a restart runs the definition the task
          ran, and the workflow goes on when it ends OK. A fix to the object's definition needs the workflow restarted instead: cancel the
          workflow, then restart it. Or just cancel the workflow.
        </Alert>
      ) : null}
      <Box component="section" aria-label="Times" sx={{ mb: 2 }}>
        <DetailList items={timingItems(execution, timing, nextRun, now)} />
        <EstimateBar timing={timing} />
        {isWorkflow && active && ert.isError ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            The estimate could not be read ({ert.error.message}); times are shown without it.
          </Typography>
        ) : null}
      </Box>
      <DetailList items={detailItems(execution)} />
    </Paper>
  );
}
