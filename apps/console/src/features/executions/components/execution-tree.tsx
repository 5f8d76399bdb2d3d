import { useEffect, useMemo, useRef, useState } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { isFinalStatus, type OutExecution } from "@baton/contract";
import { useDataNow } from "../../../lib/use-now";
import { useErt } from "../api/get-ert";
import { useExecution } from "../api/get-execution";
import { useRestartNote } from "../api/get-restart-note";
import { useWorkflowDefinition } from "../api/get-workflow-definition";
import { useChildrenOf, type ChildrenResult } from "../api/use-children-of";
import { RIGHT_ALIGNED, TREE_COLUMNS, TREE_HEADERS, TREE_ROW_HEIGHT, TreeRowView, type TreeRowActions } from "./tree-row";
import { summarize, summaryText } from "./fan-out-summary";
import { treeRows, type PlannedTask } from "./tree-rows";
import { loadedChildren } from "./use-list-tree";

/** Above this many children a node below the root shows counts until the operator lists them. */
const FAN_OUT_LIMIT = 100;
/** Rows kept rendered beyond the visible ones, for smooth scrolling. */
const OVERSCAN = 12;

/**
 * The tasks of a workflow's definition, without <START> and <END>, for the rows of tasks that have
 * no execution. The definition is the object's as it is now (see getWorkflowDefinition); until it
 * is read, or when it cannot be, the tasks that ran are shown alone. Each carries the engine's ERT
 * for its line (the ERT read the graph makes), so a task reads the same estimate in every view.
 */
function useWorkflowPlan(runId: number, type: string): readonly PlannedTask[] | undefined {
  const isWorkflow = type === "JOBP";
  const execution = useExecution(runId, isWorkflow);
  const definition = useWorkflowDefinition(execution.data?.name ?? "", isWorkflow && execution.data !== undefined);
  const active = execution.data !== undefined && !isFinalStatus(execution.data.status);
  const erts = useErt(runId, active, isWorkflow).data?.estimated_erts;
  const graph = definition.data;
  return useMemo(
    () =>
      graph?.tasks
        .filter((task) => task.line !== graph.startLine && task.line !== graph.endLine)
        .map((task) => ({ line: task.line, name: task.objectName, type: task.objectType, active: task.active, ertSeconds: erts?.[String(-task.line)] })),
    [graph, erts],
  );
}

/** Expanded nodes under `runId` (found through the `parent` of the loaded rows) close with it. */
function withoutSubtree(expanded: ReadonlySet<number>, runId: number, parentOf: ReadonlyMap<number, number>): Set<number> {
  const under = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) if (at === runId) return true;
    return false;
  };
  return new Set([...expanded].filter((id) => !under(id)));
}

interface ExecutionTreeProps {
  runId: number;
  /** The root's type code, for the words of the empty state. */
  type: string;
  active: boolean;
}

/**
 * The children of an execution as a tree: nodes expand on demand, each reading its own children
 * page by page; every row is virtualized, so 10,000 children keep a few dozen rows in the page;
 * a large fan-out below the root shows counts until listed. The event stream keeps the loaded
 * pages current (execution-events.ts patches them). A workflow's tasks are in flow order (line
 * numbers) with the tasks that never started: the pages of its tasks are all read, one after the
 * other, as flow order over some of them would put a task read later in the middle.
 */
export function ExecutionTree({ runId, type, active }: ExecutionTreeProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [listed, setListed] = useState<ReadonlySet<number>>(new Set());
  const results = useChildrenOf([runId, ...expanded]);
  const childrenOf = (id: number) => loadedChildren(results.get(id));
  const plan = useWorkflowPlan(runId, type);
  const restartNote = useRestartNote(useExecution(runId, type === "JOBP").data);
  const rows = treeRows({ rootRunId: runId, childrenOf, expanded, listed, fanOutLimit: FAN_OUT_LIMIT, plan });
  const root = childrenOf(runId);
  const notStarted = rows.filter((row) => row.kind === "planned" && row.depth === 0).length;
  const rootResult = results.get(runId);
  const readAll = type === "JOBP" && rootResult?.hasNextPage === true && !rootResult.isFetchingNextPage && !rootResult.isFetchNextPageError;
  useEffect(() => {
    if (readAll) void rootResult?.fetchNextPage();
  }, [readAll, rootResult]);
  const now = useDataNow(1000, rows.some((row) => row.kind === "task" && !isFinalStatus(row.execution.status) && row.execution.start_time !== undefined));

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => TREE_ROW_HEIGHT, overscan: OVERSCAN });

  const actions: TreeRowActions = {
    toggle: (execution: OutExecution) => {
      if (!expanded.has(execution.run_id)) {
        setExpanded(new Set([...expanded, execution.run_id]));
        return;
      }
      const parentOf = new Map<number, number>();
      for (const result of results.values()) for (const row of loadedChildren(result)?.rows ?? []) if (row.parent) parentOf.set(row.run_id, row.parent);
      setExpanded(withoutSubtree(expanded, execution.run_id, parentOf));
    },
    list: (parentRunId) => setListed(new Set([...listed, parentRunId])),
    loadMore: (parentRunId) => void results.get(parentRunId)?.fetchNextPage(),
    retry: (parentRunId) => void results.get(parentRunId)?.refetch(),
  };

  return (
    <Box>
      {root !== undefined && (root.rows.length > 0 || notStarted > 0) ? (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 1, flexWrap: "wrap" }}>
          <Typography variant="body2" role="status" aria-label="Task counts">
            {summaryText(summarize(root, notStarted))}
          </Typography>
          {root.hasMore ? (
            <Button size="small" loading={root.loadingMore} onClick={() => void loadAll(rootResult)}>
              Load all to count
            </Button>
          ) : null}
        </Box>
      ) : null}
      <Box role="treegrid" aria-label="Tasks" aria-rowcount={rows.length + 1} sx={{ border: 1, borderColor: "divider", borderRadius: 1, overflow: "hidden" }}>
        <Box role="row" aria-rowindex={1} sx={{ display: "grid", gridTemplateColumns: TREE_COLUMNS, bgcolor: "action.hover", fontWeight: 600, fontSize: "0.875rem", py: 1, pr: 1.5 }}>
          {TREE_HEADERS.map((title, i) => (
            <Box key={title} role="columnheader" sx={{ px: 1, pl: i === 0 ? 5.5 : 1, textAlign: RIGHT_ALIGNED.has(title) ? "right" : "left" }}>
              {title}
            </Box>
          ))}
        </Box>
        <Box ref={scrollRef} sx={{ maxHeight: "60vh", overflow: "auto" }}>
          <Box sx={{ height: virtualizer.getTotalSize(), position: "relative" }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (row === undefined) return null;
              return (
                <TreeRowView
                  key={row.key}
                  row={row}
                  rowIndex={item.index + 2}
                  now={now}
                  rootType={type}
                  rootActive={active}
                  actions={actions}
                  restartNote={restartNote}
                  style={{ position: "absolute", top: 0, left: 0, right: 0, height: TREE_ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                />
              );
            })}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

/** Reads the remaining pages one after another (each starts after the last row of the one before). */
async function loadAll(result: ChildrenResult | undefined): Promise<void> {
  let current = result;
  while (current?.hasNextPage) {
    current = await current.fetchNextPage();
    if (current.isError) return;
  }
}
