import { Handle, Position, type Node, type NodeProps } from "@xyflow/react";
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import Timeline from "@mui/icons-material/Timeline";
import { isFinalStatus } from "@baton/contract";
import { formatDateTime, formatDuration } from "../../../lib/format";
import { monospace } from "../../../lib/theme";
import { runtimeText } from "./execution-cells";
import { hasStarted, type GraphTask } from "./ert-graph-model";
import { groupLabel, StatusLabel } from "./status-label";

export type TaskNode = Node<{ task: GraphTask; now: number }, "task">;

/** Handles only anchor the edges; tasks are not connected by hand here. */
const hiddenHandle = { opacity: 0, pointerEvents: "none" } as const;

/** The words a screen reader hears for a task, and the node's tooltip. */
export function taskDescription(task: GraphTask): string {
  const parts = [task.name, `line ${task.line}`];
  const execution = task.execution;
  if (execution !== undefined && hasStarted(execution)) parts.push(`${execution.status} ${task.notRunAgain ?? (execution.status_text || groupLabel(execution.status))}`, `run ${execution.run_id}`);
  else {
    const waiting = execution === undefined ? "not started" : `${execution.status} ${execution.status_text || groupLabel(execution.status)}`;
    parts.push(!task.active ? "inactive" : task.waitsForBlock ? "waits for an operator to act on a blocked task" : waiting);
    if (execution !== undefined) parts.push(`run ${execution.run_id}`);
  }
  if (task.ertSeconds !== undefined) parts.push(`ERT ${formatDuration(task.ertSeconds)}`);
  if (task.critical) parts.push("on the critical path");
  return parts.join(", ");
}

function CriticalMarker() {
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.25, fontSize: "0.7rem", fontWeight: 700, color: "warning.dark", textTransform: "uppercase", letterSpacing: 0.3 }}>
      <Timeline sx={{ fontSize: 14 }} aria-hidden />
      Critical path
    </Box>
  );
}

/** <START> and <END>: small, as in the workflow editor. */
function EndpointNode({ task }: { task: GraphTask }) {
  return (
    <Box sx={{ height: "100%", boxSizing: "border-box", display: "grid", alignContent: "center", borderRadius: 5, border: 2, borderColor: task.critical ? "warning.main" : "divider", bgcolor: "background.paper", textAlign: "center" }}>
      <Typography variant="body2" sx={{ fontWeight: 700, fontFamily: monospace }}>
        {task.kind === "start" ? "START" : "END"}
      </Typography>
      {task.critical ? <CriticalMarker /> : null}
    </Box>
  );
}

function TaskState({ task, now }: { task: GraphTask; now: number }) {
  const execution = task.execution;
  // The code and its group's word ("1800 Aborted") fit the node; the status text is in its title.
  if (execution !== undefined && hasStarted(execution)) return <StatusLabel status={execution.status} text={task.notRunAgain === undefined ? groupLabel(execution.status) : "Not rerun"} />;
  return (
    <Typography variant="body2" color="text.secondary">
      {notStartedText(task, now)}
    </Typography>
  );
}

/**
 * A task that has not started (no execution yet, or one waiting for its predecessors): inactive,
 * waiting for an operator to act on a blocked task, or when it is expected to start.
 */
function notStartedText(task: GraphTask, now: number): string {
  if (!task.active) return "Inactive: ends 1921 when reached";
  // Fits one line of the node; its tooltip says who it waits for.
  if (task.waitsForBlock) return "Waits for blocked task";
  if (task.estimatedStart !== undefined && task.estimatedStart > now) return `Starts ≈ ${formatDateTime(new Date(task.estimatedStart).toISOString()).slice(11)}`;
  return task.execution === undefined ? "Not started" : "Waits for predecessors";
}

/** A workflow task: name, live status (icon and words), ERT against the actual runtime, critical path marker. */
export function TaskNodeView({ data }: NodeProps<TaskNode>) {
  const { task, now } = data;
  if (task.kind !== "task") {
    return (
      <>
        <Handle type="target" position={Position.Left} style={hiddenHandle} isConnectable={false} />
        <EndpointNode task={task} />
        <Handle type="source" position={Position.Right} style={hiddenHandle} isConnectable={false} />
      </>
    );
  }
  const execution = task.execution;
  const running = execution !== undefined && !isFinalStatus(execution.status);
  return (
    <Box
      title={taskDescription(task)}
      sx={{
        height: "100%",
        boxSizing: "border-box",
        overflow: "hidden",
        p: 1.25,
        borderRadius: 1.5,
        border: task.critical ? 3 : 1,
        borderColor: task.critical ? "warning.main" : "divider",
        bgcolor: "background.paper",
        boxShadow: 1,
        opacity: task.active ? 1 : 0.6,
        cursor: execution ? "pointer" : "default",
        display: "grid",
        alignContent: "start",
        gap: 0.25,
      }}
    >
      <Handle type="target" position={Position.Left} style={hiddenHandle} isConnectable={false} />
      <Box sx={{ display: "flex", alignItems: "baseline", gap: 0.75, minWidth: 0 }}>
        {execution ? (
          <Link component={RouterLink} to={`/executions/${execution.run_id}`} aria-label={`Open ${task.name} (${execution.run_id})`} sx={{ fontWeight: 600, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
            {task.shortName}
          </Link>
        ) : (
          <Typography sx={{ fontWeight: 600, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{task.shortName}</Typography>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ ml: "auto", flexShrink: 0, fontFamily: monospace }}>
          #{task.line}
        </Typography>
      </Box>
      <TaskState task={task} now={now} />
      <Typography variant="caption" color="text.secondary">
        ERT {formatDuration(task.ertSeconds)}
        {execution?.start_time ? ` · ${running ? "running" : "ran"} ${runtimeText(execution, now)}` : ""}
      </Typography>
      {task.critical ? <CriticalMarker /> : null}
      <Handle type="source" position={Position.Right} style={hiddenHandle} isConnectable={false} />
    </Box>
  );
}
