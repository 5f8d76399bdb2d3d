import { useMemo } from "react";
import { useNavigate } from "react-router";
import { MarkerType, type Edge } from "@xyflow/react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTheme } from "@mui/material/styles";
import { Status, isFinalStatus, type OutExecution } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime, formatDuration } from "../../../lib/format";
import { useDataNow } from "../../../lib/use-now";
import { useAllChildren } from "../api/use-all-children";
import { useErt } from "../api/get-ert";
import { useRestartNote } from "../api/get-restart-note";
import { useWorkflowDefinition } from "../api/get-workflow-definition";
import { LARGE_GRAPH, WorkflowCanvas } from "../../../components/workflow-canvas";
import { nodeHandles, nodePosition, nodeSize } from "../../../components/workflow-layout";
import { graphModel, type GraphLink, type GraphModel } from "./ert-graph-model";
import { TaskNodeView, taskDescription, type TaskNode } from "./ert-graph-node";

const nodeTypes = { task: TaskNodeView };

const EXPECTED_WORDS: Record<GraphLink["expected"], string | undefined> = { ANY_OK: undefined, ANY_ABEND: "on abend", ANY_STATUS: "on any end" };

function definitionHint(error: unknown, name: string): string | undefined {
  if (isApiError(error, 404)) return `The workflow object ${name} no longer exists, so the graph cannot be drawn. The Tasks tab still lists every task.`;
  return undefined;
}

/** "START → LOAD → REPORT → END": the critical path in words, so it does not rest on colour. */
function CriticalPathLegend({ model, rrtSeconds, ended, blocked, plannedStart }: { model: GraphModel; rrtSeconds: number | undefined; ended: boolean; blocked: boolean; plannedStart: string | undefined }) {
  if (model.criticalPath.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        Critical path: not estimated yet.
      </Typography>
    );
  }
  return (
    <Typography variant="body2" aria-label="Critical path">
      <Box component="span" sx={{ fontWeight: 600 }}>
        Critical path
      </Box>{" "}
      (thick orange line, tasks marked “Critical path”): {model.criticalPath.map((t) => (t.kind === "task" ? t.shortName : t.kind.toUpperCase())).join(" → ")}
      {blocked
        ? " · blocked: nothing goes on until the failed task is restarted"
        : plannedStart !== undefined
          ? ` · planned to start ${formatDateTime(plannedStart)}`
          : !ended && rrtSeconds !== undefined
            ? ` · about ${formatDuration(rrtSeconds)} to go`
            : ""}
    </Typography>
  );
}

interface ErtGraphProps {
  execution: OutExecution;
}

/**
 * The workflow as its definition draws it (each task at its row and column, edges from the line
 * conditions) with every task's live status, ERT and runtime, and the critical path from the
 * engine's estimate. Pan and zoom; a click on a task opens its execution. Statuses come from the
 * children pages the event stream keeps current; the estimate is re-read on their events.
 */
export function ErtGraph({ execution }: ErtGraphProps) {
  const runId = execution.run_id;
  const active = !isFinalStatus(execution.status);
  const navigate = useNavigate();
  const theme = useTheme();
  const definition = useWorkflowDefinition(execution.name, true);
  // The graph needs the latest execution of every line, so all pages of children are read.
  const { query: children, rows } = useAllChildren(runId);
  const ert = useErt(runId, active);
  const restartNote = useRestartNote(execution);
  const model = useMemo(() => (definition.data ? graphModel(definition.data, rows, ert.data, execution, restartNote) : undefined), [definition.data, rows, ert.data, execution, restartNote]);
  const now = useDataNow(1000, rows.some((r) => !isFinalStatus(r.status) && r.start_time !== undefined));

  const critical = theme.palette.warning.main;
  const nodes = useMemo<TaskNode[]>(
    () =>
      (model?.tasks ?? []).map((task) => ({
        id: task.id,
        type: "task",
        position: nodePosition(task),
        ...nodeSize(task.kind),
        // Given as measured too: the library then counts the nodes as ready (fitView waits for that).
        measured: nodeSize(task.kind),
        handles: nodeHandles(task.kind),
        data: { task, now },
        ariaLabel: taskDescription(task),
        draggable: false,
        connectable: false,
      })),
    [model, now],
  );
  const edges = useMemo<Edge[]>(
    () =>
      (model?.links ?? []).map((link) => ({
        id: link.id,
        source: link.source,
        target: link.target,
        type: "smoothstep",
        label: EXPECTED_WORDS[link.expected],
        ariaLabel: `${link.source} to ${link.target}${link.critical ? ", critical path" : ""}`,
        markerEnd: { type: MarkerType.ArrowClosed, color: link.critical ? critical : undefined },
        style: link.critical ? { stroke: critical, strokeWidth: 4 } : { strokeWidth: 1.5 },
        zIndex: link.critical ? 1 : 0,
      })),
    [model, critical],
  );

  if (definition.isPending || children.isPending) return <LoadingState label="Loading the workflow graph…" />;
  if (definition.isError) {
    return <ErrorAlert error={definition.error} context={`Could not draw the graph of ${execution.name}`} hint={definitionHint(definition.error, execution.name)} onRetry={() => void definition.refetch()} />;
  }
  if (children.isError && rows.length === 0) {
    return <ErrorAlert error={children.error} context="Could not load the tasks of the workflow" onRetry={() => void children.refetch()} />;
  }

  const large = (model?.tasks.length ?? 0) > LARGE_GRAPH;
  const start = model?.tasks.find((t) => t.kind === "start");
  return (
    <Box>
      <Box sx={{ mb: 1, display: "grid", gap: 0.5 }}>
        {model ? <CriticalPathLegend model={model} rrtSeconds={ert.data?.rrt} ended={!active} blocked={execution.status === Status.BLOCKED} plannedStart={execution.planned_start_time} /> : null}
        {ert.isError ? (
          <Typography variant="body2" color="text.secondary">
            The estimate could not be read ({ert.error.message}); tasks are shown without ERTs and critical path.
          </Typography>
        ) : null}
        {large ? (
          <Typography variant="body2" color="text.secondary">
            {model?.tasks.length.toLocaleString("en-US")} tasks: the graph opens at START; drag to pan through the rest.
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {model?.namePrefix ? `Task names are shown without the part they all share, ${model.namePrefix} · ` : ""}
          Tasks sit where the workflow definition places them. Drag to pan, scroll or use the buttons to zoom; click a task to open its execution.
        </Typography>
      </Box>
      <WorkflowCanvas
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        start={start}
        onNodeClick={(_, node) => {
          const target = node.data.task.execution?.run_id;
          if (target !== undefined) void navigate(`/executions/${target}`);
        }}
      />
    </Box>
  );
}
